import { downloadHistorySchema, type DownloadHistory } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';

/** `GET /downloads?page=&limit=`: the signed-in user's downloads, newest first. */
export async function getDownloads(token: string, page: number, limit: number, signal?: AbortSignal): Promise<DownloadHistory> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  const { body } = await apiRequest(`/downloads?${query.toString()}`, { token, ...(signal ? { signal } : {}) });
  return downloadHistorySchema.parse(body);
}
