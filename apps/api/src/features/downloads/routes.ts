import { downloadHistoryQuerySchema, downloadHistorySchema, LIMITED_HISTORY_RECENT, planLimits, planOf, type DownloadHistory } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { AuthService } from '../auth/auth-service.js';
import type { FileStore } from '../files/file-store.js';
import type { ZipPreview } from '../files/zip-preview.js';
import { isJobId } from '../jobs/job-id.js';
import type { HistoryRepository } from './history-repository.js';
import { toHistoryItem } from './history-view.js';

export interface DownloadsRoutesDeps {
  auth: AuthService;
  history: HistoryRepository;
  store: FileStore;
  preview: ZipPreview;
}

const UPGRADE_MESSAGE = `Your plan shows your running downloads and your last ${LIMITED_HISTORY_RECENT}. Upgrade to Yearly for your full download history.`;

const historySchema = routeSchema({
  summary: 'Your downloads, newest first',
  description: `The full, paginated history on the Yearly plan; on other plans the running downloads and the last ${LIMITED_HISTORY_RECENT}, with \`limited: true\` and an upgrade message.`,
  tag: 'history',
  auth: 'bearer',
  querystring: downloadHistoryQuerySchema,
  response: { 200: downloadHistorySchema },
  errors: [401, 422],
});

const deleteSchema = routeSchema({
  summary: 'Delete a download: its file and its record',
  tag: 'history',
  auth: 'bearer',
  params: z.object({ id: z.string().describe('The job id') }),
  response: { 204: z.null().describe('Deleted; no body') },
  errors: [401, 404, 409],
});

/** `GET /downloads` (the signed-in user's history) and `DELETE /downloads/:id` (file and record). */
export async function downloadsRoutes(app: FastifyInstance, deps: DownloadsRoutesDeps): Promise<void> {
  const { auth, history, store, preview } = deps;

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/downloads', { schema: historySchema }, async (request): Promise<DownloadHistory> => {
    const user = await auth.currentUser(request.headers.authorization);
    const { page, limit } = request.query;
    const offset = (page - 1) * limit;
    if (planLimits[planOf(user.subscription_status)].history) {
      const { rows, total } = await history.page(user.id, offset, limit);
      return { items: rows.map((r) => toHistoryItem(r)), page, limit, total, limited: false, upgrade_message: null };
    }
    const rows = await history.limited(user.id, LIMITED_HISTORY_RECENT);
    return {
      items: rows.slice(offset, offset + limit).map((r) => toHistoryItem(r)),
      page,
      limit,
      total: rows.length,
      limited: true,
      upgrade_message: UPGRADE_MESSAGE,
    };
  });

  routes.delete('/downloads/:id', { schema: deleteSchema }, async (request, reply) => {
    const user = await auth.currentUser(request.headers.authorization);
    const row = isJobId(request.params.id) ? await history.getOwned(request.params.id, user.id) : undefined;
    if (!row) throw new HttpError(404, 'This download does not exist.');
    if (row.status === 'queued' || row.status === 'running') {
      throw new HttpError(409, 'This download is still running. Cancel it first.');
    }
    preview.forget(row.id);
    await store.delete(row.id);
    await history.delete(row.id);
    return reply.status(204).send(null);
  });
}
