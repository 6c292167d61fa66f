import { downloadHistoryQuerySchema, LIMITED_HISTORY_RECENT, planLimits, planOf, type DownloadHistory } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { parseBody } from '../../lib/parse-body.js';
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

/** `GET /downloads` (the signed-in user's history) and `DELETE /downloads/:id` (file and record). */
export async function downloadsRoutes(app: FastifyInstance, deps: DownloadsRoutesDeps): Promise<void> {
  const { auth, history, store, preview } = deps;

  app.get('/downloads', async (request): Promise<DownloadHistory> => {
    const user = await auth.currentUser(request.headers.authorization);
    const { page, limit } = parseBody(downloadHistoryQuerySchema, request.query);
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

  app.delete<{ Params: { id: string } }>('/downloads/:id', async (request, reply) => {
    const user = await auth.currentUser(request.headers.authorization);
    const row = isJobId(request.params.id) ? await history.getOwned(request.params.id, user.id) : undefined;
    if (!row) throw new HttpError(404, 'This download does not exist.');
    if (row.status === 'queued' || row.status === 'running') {
      throw new HttpError(409, 'This download is still running. Cancel it first.');
    }
    preview.forget(row.id);
    await store.delete(row.id);
    await history.delete(row.id);
    return reply.status(204).send();
  });
}
