import { bulkViewSchema, type BulkView } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';

/** `GET /bulk/:id`: the bulk's jobs with their progress, and its combined ZIP once ready. */
export async function getBulk(token: string, id: string, signal?: AbortSignal): Promise<BulkView> {
  const { body } = await apiRequest(`/bulk/${encodeURIComponent(id)}`, { token, ...(signal ? { signal } : {}) });
  return bulkViewSchema.parse(body);
}
