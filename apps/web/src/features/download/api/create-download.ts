import { downloadResponseSchema, type DownloadRequest, type DownloadResponse } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';
import { serverMessageOf } from '../server-message';

/** The server answered 2xx but produced no ZIP: `success: false`, or a body that is not a DownloadResponse. */
export class DownloadFailedError extends Error {
  override readonly name = 'DownloadFailedError';

  constructor(
    readonly serverMessage: string | undefined,
    options?: ErrorOptions,
  ) {
    super(serverMessage ?? 'The server did not return a download', options);
  }
}

/** `POST /download`: waits for the capture and returns its result. Sends no credentials. */
export async function createDownload(request: DownloadRequest, signal?: AbortSignal): Promise<DownloadResponse> {
  const { body } = await apiRequest('/download', { method: 'POST', json: request, signal });
  if (isFailure(body)) throw new DownloadFailedError(serverMessageOf(body));
  const parsed = downloadResponseSchema.safeParse(body);
  if (!parsed.success) throw new DownloadFailedError(undefined, { cause: parsed.error });
  return parsed.data;
}

function isFailure(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'success' in body && body.success === false;
}
