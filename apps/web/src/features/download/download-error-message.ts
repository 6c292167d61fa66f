import { ApiError, NetworkError } from '../../lib/api-errors';
import { DownloadFailedError } from './api/create-download';
import { serverMessageOf } from './server-message';

export const downloadFailedMessage = 'Failed to generate download link.';
export const cannotConnectMessage = '🌐 Cannot connect to server. Please check your internet connection and try again.';

/** What the landing page says when a download attempt fails. */
export function downloadErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return cannotConnectMessage;
  if (error instanceof ApiError) return error.detail ?? serverMessageOf(error.body) ?? downloadFailedMessage;
  if (error instanceof DownloadFailedError) return error.serverMessage ?? downloadFailedMessage;
  return downloadFailedMessage;
}
