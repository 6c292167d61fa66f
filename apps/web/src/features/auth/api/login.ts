import type { AuthResponse, LoginRequest } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';
import { parseAuthResponse } from '../parse-auth-response';

/** `POST /auth/login`: the token and user of an existing account. */
export async function login(request: LoginRequest, signal?: AbortSignal): Promise<AuthResponse> {
  const { body } = await apiRequest('/auth/login', { method: 'POST', json: request, signal });
  return parseAuthResponse(body);
}
