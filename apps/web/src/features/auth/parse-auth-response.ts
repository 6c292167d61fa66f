import { authResponseSchema, userSchema, type AuthResponse, type User } from '@sitezip/contracts';

/** The server answered 2xx with a body that is not what the auth routes promise. */
export class UnexpectedAuthResponseError extends Error {
  override readonly name = 'UnexpectedAuthResponseError';

  constructor(readonly body: unknown) {
    super('The server sent an unexpected answer');
  }
}

export function parseAuthUser(body: unknown): User {
  const parsed = userSchema.safeParse(body);
  if (!parsed.success) throw new UnexpectedAuthResponseError(body);
  return parsed.data;
}

export function parseAuthResponse(body: unknown): AuthResponse {
  const parsed = authResponseSchema.safeParse(body);
  if (!parsed.success) throw new UnexpectedAuthResponseError(body);
  return parsed.data;
}
