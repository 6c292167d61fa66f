import { ApiError, NetworkError } from '../../lib/api-errors';

/** No token is stored, so there is nobody to ask the server about. */
export class NotAuthenticatedError extends Error {
  override readonly name = 'NotAuthenticatedError';

  constructor() {
    super('Not authenticated');
  }
}

/** What each auth call says when it fails without a server detail (product spec, section 8). */
export const authFallbackMessages = {
  register: 'Registration failed',
  login: 'Login failed',
  currentUser: 'Failed to get user info',
} as const;

export type AuthCall = keyof typeof authFallbackMessages;

export const notAuthenticatedMessage = 'Not authenticated';
export const authCannotConnectMessage =
  'Cannot connect to server. Please ensure the backend is running at VITE_API_URL and your network is OK.';

const NETWORK_WORDS = /network error|failed to fetch|load failed|network request failed/i;

/** The message the sign-in, registration and dashboard screens show for a failed auth call. */
export function authErrorMessage(error: unknown, call: AuthCall): string {
  if (error instanceof NotAuthenticatedError) return notAuthenticatedMessage;
  if (isNetworkFailure(error)) return authCannotConnectMessage;
  if (error instanceof ApiError) return error.detail ?? authFallbackMessages[call];
  return authFallbackMessages[call];
}

function isNetworkFailure(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TypeError) return true;
  return error instanceof Error && NETWORK_WORDS.test(error.message);
}
