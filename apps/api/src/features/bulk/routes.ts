import { bulkRequestSchema } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { parseBody } from '../../lib/parse-body.js';
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

/**
 * `POST /bulk` and `GET /bulk/:id` for the signed-in owner; `GET /bulk/:id/zip` is the combined
 * ZIP, whose unguessable id is the capability (as for a job's ZIP), so a plain link opens it.
 */
export async function bulkRoutes(app: FastifyInstance, deps: BulkRoutesDeps): Promise<void> {
  const { auth, bulks, service, store } = deps;

  app.post('/bulk', async (request, reply) => {
    const user = await auth.currentUser(request.headers.authorization);
    const body = parseBody(bulkRequestSchema, request.body);
    const row = await service.create(user, body);
    return reply.status(202).send(toBulkView(row, await bulks.jobsOf(row.id)));
  });

  app.get<{ Params: { id: string } }>('/bulk/:id', async (request) => {
    const user = await auth.currentUser(request.headers.authorization);
    const row = isJobId(request.params.id) ? await bulks.get(request.params.id) : undefined;
    if (!row || row.ownerId !== user.id) throw new HttpError(404, NOT_FOUND);
    return toBulkView(row, await bulks.jobsOf(row.id));
  });

  app.get<{ Params: { id: string } }>('/bulk/:id/zip', async (request, reply) => {
    const row = isJobId(request.params.id) ? await bulks.get(request.params.id) : undefined;
    if (!row || row.status === 'failed') throw new HttpError(404, NOT_FOUND);
    if (row.status === 'expired' || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) throw new HttpError(410, EXPIRED_MESSAGE);
    if (row.status !== 'done') throw new HttpError(409, 'This bulk download is not ready yet.');
    return sendStoredZip(request, reply, store, row.id, bulkZipFilename(row));
  });
}
