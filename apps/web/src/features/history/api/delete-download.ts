import { apiRequest } from '../../../lib/api-client';

/** `DELETE /downloads/:id`: removes the download's file and its record. */
export async function deleteDownload(token: string, id: string): Promise<void> {
  await apiRequest(`/downloads/${encodeURIComponent(id)}`, { method: 'DELETE', token });
}
