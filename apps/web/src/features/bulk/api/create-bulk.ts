import { bulkViewSchema, type BulkRequest, type BulkView } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';

/** `POST /bulk`: one job per site, and later one combined ZIP (Yearly). */
export async function createBulk(token: string, request: BulkRequest, signal?: AbortSignal): Promise<BulkView> {
  const { body } = await apiRequest('/bulk', { method: 'POST', json: request, token, ...(signal ? { signal } : {}) });
  return bulkViewSchema.parse(body);
}
