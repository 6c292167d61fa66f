import { ApiError, NetworkError } from '../../lib/api-errors';
import { DownloadFailedError } from './api/create-download';
import { serverMessageOf } from './server-message';

export const downloadFailedMessage = 'Failed to generate download link.';

/** What the form says when a download attempt fails; `cannotConnect` differs per page. */
export function downloadErrorMessage(error: unknown, cannotConnect: string): string {
  if (error instanceof NetworkError) return cannotConnect;
  if (error instanceof ApiError) return error.detail ?? serverMessageOf(error.body) ?? downloadFailedMessage;
  if (error instanceof DownloadFailedError) return error.serverMessage ?? downloadFailedMessage;
  return downloadFailedMessage;
}
