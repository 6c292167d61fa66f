import type { AuthResponse, RegisterRequest } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';
import { parseAuthResponse } from '../parse-auth-response';

/** `POST /auth/register`: creates the account and signs it in. */
export async function register(request: RegisterRequest, signal?: AbortSignal): Promise<AuthResponse> {
  const { body } = await apiRequest('/auth/register', { method: 'POST', json: request, signal });
  return parseAuthResponse(body);
}
