import type { User } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';
import { NotAuthenticatedError } from '../auth-error-message';
import { parseAuthUser } from '../parse-auth-response';

/** `GET /auth/me`: the signed-in user as the server knows it now. */
export async function getCurrentUser(token: string | undefined, signal?: AbortSignal): Promise<User> {
  if (!token) throw new NotAuthenticatedError();
  const { body } = await apiRequest('/auth/me', { token, signal });
  return parseAuthUser(body);
}
