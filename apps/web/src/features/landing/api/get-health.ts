import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /health`: true when the API answers with JSON. A static host's SPA fallback answers
 * with HTML, which counts as no API.
 */
export async function getHealth(signal?: AbortSignal): Promise<boolean> {
  const { body } = await apiRequest('/health', { signal });
  return typeof body === 'object' && body !== null;
}
