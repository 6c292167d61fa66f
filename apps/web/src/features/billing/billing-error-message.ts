import { ApiError, NetworkError } from '../../lib/api-errors';

/** What to tell the user when a billing call fails: the server's words when it gave some. */
export function billingErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  if (error instanceof NetworkError) return 'Cannot connect to server. Please ensure the backend is running.';
  return 'Something went wrong. Please try again.';
}
