import type { DownloadRequest, DownloadResponse } from '@sitezip/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NetworkError } from '../../../lib/api-errors';
import { createDownload, DownloadFailedError } from '../api/create-download';
import { downloadErrorMessage } from '../download-error-message';

export type DownloadState =
  | { status: 'idle' }
  | { status: 'generating' }
  | { status: 'success'; result: DownloadResponse }
  | { status: 'error'; message: string };

/** The download form's life cycle: idle → generating → success | error. */
export function useCreateDownload(cannotConnectMessage: string) {
  const [state, setState] = useState<DownloadState>({ status: 'idle' });
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const reset = useCallback(() => {
    inFlight.current?.abort();
    setState({ status: 'idle' });
  }, []);

  const start = useCallback(async (request: DownloadRequest) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ status: 'generating' });
    try {
      const result = await createDownload(request, controller.signal);
      if (!controller.signal.aborted) setState({ status: 'success', result });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (isUnexpected(error)) console.error(error);
      setState({ status: 'error', message: downloadErrorMessage(error, cannotConnectMessage) });
    }
  }, [cannotConnectMessage]);

  return { state, start, reset };
}

/** Failures worth a console entry: bugs, and 2xx bodies that break the contract. */
function isUnexpected(error: unknown): boolean {
  if (error instanceof ApiError || error instanceof NetworkError) return false;
  return !(error instanceof DownloadFailedError) || error.cause !== undefined;
}
