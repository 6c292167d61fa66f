import { ApiError, NetworkError } from '../../lib/api-errors';

export function accountErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  if (error instanceof NetworkError) return 'Cannot connect to server. Please ensure the backend is running.';
  return 'Something went wrong. Please try again.';
}
