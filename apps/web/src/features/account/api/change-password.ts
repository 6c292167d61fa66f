import type { ChangePasswordRequest } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';

/** `POST /account/password`: needs the current password as well as the new one. */
export async function changePassword(token: string, request: ChangePasswordRequest): Promise<void> {
  await apiRequest('/account/password', { method: 'POST', token, json: request });
}
