import { bulkRequestSchema, bulkViewSchema } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { AuthService } from '../auth/auth-service.js';
import { EXPIRED_MESSAGE, sendStoredZip } from '../files/send-stored-zip.js';
import type { FileStore } from '../files/file-store.js';
import { isJobId } from '../jobs/job-id.js';
import type { BulkService } from './bulk-service.js';
import { bulkZipFilename, toBulkView } from './bulk-view.js';
import type { BulksRepository } from './bulks-repository.js';

export interface BulkRoutesDeps {
  auth: AuthService;
  bulks: BulksRepository;
  service: BulkService;
  store: FileStore;
}

const NOT_FOUND = 'This bulk download does not exist.';
const bulkId = z.object({ id: z.string().describe('The bulk id') });

const createSchema = routeSchema({
  summary: 'Download several sites at once (Yearly)',
  description: 'One job per URL (at most the plan\'s bulk sites), each with its own progress; jobs beyond your concurrent slots wait. When all end, one ZIP holds them all: a folder per site and an index page.',
  tag: 'history',
  auth: 'bearer',
  body: bulkRequestSchema,
  response: { 202: bulkViewSchema },
  errors: [401, 403, 422, 429, 503],
});

const getSchema = routeSchema({
  summary: "A bulk download: its sites' jobs and its combined ZIP",
  tag: 'history',
  auth: 'bearer',
  params: bulkId,
  response: { 200: bulkViewSchema },
  errors: [401, 404],
});

const zipSchema = routeSchema({
  summary: 'The combined ZIP of a bulk download',
  description: 'Its unguessable id is the capability, as for a job\'s ZIP. Supports `Range` requests.',
  tag: 'history',
  params: bulkId,
  response: {
    200: { description: 'The ZIP', content: { 'application/zip': { schema: z.string() } } },
    206: { description: 'The requested byte range of the ZIP', content: { 'application/zip': { schema: z.string() } } },
  },
  errors: [404, 409, 410, 416],
});

/**
 * `POST /bulk` and `GET /bulk/:id` for the signed-in owner; `GET /bulk/:id/zip` is the combined
 * ZIP, whose unguessable id is the capability (as for a job's ZIP), so a plain link opens it.
 */
export async function bulkRoutes(app: FastifyInstance, deps: BulkRoutesDeps): Promise<void> {
  const { auth, bulks, service, store } = deps;

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post('/bulk', { schema: createSchema }, async (request, reply) => {
    const user = await auth.currentUser(request.headers.authorization);
    const row = await service.create(user, request.body);
    return reply.status(202).send(toBulkView(row, await bulks.jobsOf(row.id)));
  });

  routes.get('/bulk/:id', { schema: getSchema }, async (request) => {
    const user = await auth.currentUser(request.headers.authorization);
    const row = isJobId(request.params.id) ? await bulks.get(request.params.id) : undefined;
    if (!row || row.ownerId !== user.id) throw new HttpError(404, NOT_FOUND);
    return toBulkView(row, await bulks.jobsOf(row.id));
  });

  routes.get('/bulk/:id/zip', { schema: zipSchema }, async (request, reply) => {
    const row = isJobId(request.params.id) ? await bulks.get(request.params.id) : undefined;
    if (!row || row.status === 'failed') throw new HttpError(404, NOT_FOUND);
    if (row.status === 'expired' || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) throw new HttpError(410, EXPIRED_MESSAGE);
    if (row.status !== 'done') throw new HttpError(409, 'This bulk download is not ready yet.');
    return sendStoredZip(request, reply, store, row.id, bulkZipFilename(row));
  });
}
