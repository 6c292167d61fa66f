import type { AuthResponse, AuthUser } from './types';

/** The server answered 2xx with a body that is not what the auth routes promise. */
export class UnexpectedAuthResponseError extends Error {
  override readonly name = 'UnexpectedAuthResponseError';

  constructor(readonly body: unknown) {
    super('The server sent an unexpected answer');
  }
}

export function parseAuthUser(body: unknown): AuthUser {
  if (!isRecord(body) || typeof body.name !== 'string' || typeof body.email !== 'string') {
    throw new UnexpectedAuthResponseError(body);
  }
  const status = body.subscription_status;
  return {
    id: typeof body.id === 'number' ? body.id : String(body.id ?? ''),
    name: body.name,
    email: body.email,
    subscription_status: typeof status === 'string' ? status : null,
    created_at: typeof body.created_at === 'string' ? body.created_at : '',
  };
}

export function parseAuthResponse(body: unknown): AuthResponse {
  if (!isRecord(body) || typeof body.access_token !== 'string' || body.access_token === '') {
    throw new UnexpectedAuthResponseError(body);
  }
  return {
    access_token: body.access_token,
    token_type: typeof body.token_type === 'string' ? body.token_type : 'bearer',
    user: parseAuthUser(body.user),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
