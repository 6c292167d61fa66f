import type { DownloadRequest } from '@sitezip/contracts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError, NetworkError } from '../../../lib/api-errors';
import { DownloadFailedError } from '../api/create-download';
import { createJob } from '../api/create-job';
import { downloadOf, followJob } from '../follow-job';
import { downloadErrorMessage } from '../download-error-message';
import { downloadReducer, idleState } from '../download-state';

export type { DownloadState } from '../download-state';

export interface CreateDownloadOptions {
  /** What a failure to reach the API says on this page. */
  cannotConnectMessage: string;
  /** Runs the job under this user's plan; anonymous without it. */
  token?: string | undefined;
}

/**
 * The download form's life cycle: idle → generating (with live progress) → success | error.
 * An attempt is a job: `POST /jobs`, then its event stream, or polling when the stream drops.
 */
export function useCreateDownload({ cannotConnectMessage, token }: CreateDownloadOptions) {
  const [state, dispatch] = useReducer(downloadReducer, idleState);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const reset = useCallback(() => {
    inFlight.current?.abort();
    dispatch({ type: 'reset' });
  }, []);

  const start = useCallback(
    async (request: DownloadRequest) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      const { signal } = controller;
      inFlight.current = controller;
      dispatch({ type: 'started', at: Date.now() });
      try {
        const created = await createJob(request, token ? { token, signal } : { signal });
        if (signal.aborted) return;
        dispatch({ type: 'job', job: created });
        const finished = await followJob(created, {
          signal,
          onJob: (job) => {
            if (!signal.aborted) dispatch({ type: 'job', job });
          },
          onProgress: (progress) => {
            if (!signal.aborted) dispatch({ type: 'progress', progress });
          },
        });
        const result = downloadOf(finished);
        if (!signal.aborted) dispatch({ type: 'succeeded', result });
      } catch (error) {
        if (signal.aborted) return;
        if (isUnexpected(error)) console.error(error);
        dispatch({ type: 'failed', message: downloadErrorMessage(error, cannotConnectMessage) });
      }
    },
    [cannotConnectMessage, token],
  );

  return { state, start, reset };
}

/** Failures worth a console entry: bugs, and bodies that break the contract. */
function isUnexpected(error: unknown): boolean {
  if (error instanceof ApiError || error instanceof NetworkError) return false;
  return !(error instanceof DownloadFailedError) || error.cause !== undefined;
}
