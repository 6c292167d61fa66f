import type { DownloadRequest } from '@sitezip/contracts';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError, NetworkError } from '../../../lib/api-errors';
import { notifyDownloadsChanged } from '../../../lib/downloads-changed';
import { DownloadFailedError } from '../api/create-download';
import { cancelJob } from '../api/cancel-job';
import { createJob } from '../api/create-job';
import { getJob } from '../api/get-job';
import type { JobView } from '../api/job-view';
import { downloadOf, followJob } from '../follow-job';
import { downloadErrorMessage } from '../download-error-message';
import { downloadReducer, idleState } from '../download-state';
import { clearRunningDownload, loadRunningDownload, saveRunningDownload, type RunningDownload } from '../running-download';

export type { DownloadState } from '../download-state';

export interface CreateDownloadOptions {
  /** What a failure to reach the API says on this page. */
  cannotConnectMessage: string;
  /** Runs the job under this user's plan; anonymous without it. */
  token?: string | undefined;
  /** Where the form is: the running download is remembered per place, across reloads of the tab. */
  place: string;
}

/**
 * The download form's life cycle: idle → generating (with live progress) → success | error |
 * cancelled. An attempt is a job: `POST /jobs`, then its event stream, or polling when the
 * stream drops. The running job is remembered in sessionStorage, so a reload follows it again.
 */
export function useCreateDownload({ cannotConnectMessage, token, place }: CreateDownloadOptions) {
  const [state, dispatch] = useReducer(downloadReducer, idleState);
  const [cancelling, setCancelling] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const running = useRef<RunningDownload | null>(null);
  /** Cancel was pressed before `POST /jobs` answered: cancel the job as soon as it exists. */
  const cancelPending = useRef(false);

  const follow = useCallback(
    async (job: JobView, signal: AbortSignal) => {
      try {
        const finished = await followJob(job, {
          signal,
          onJob: (next) => {
            if (!signal.aborted) dispatch({ type: 'job', job: next });
          },
          onProgress: (progress) => {
            if (!signal.aborted) dispatch({ type: 'progress', progress });
          },
        });
        if (signal.aborted) return;
        forget();
        if (finished.status === 'cancelled') return dispatch({ type: 'cancelled' });
        dispatch({ type: 'succeeded', result: downloadOf(finished) });
      } catch (error) {
        if (signal.aborted) return;
        forget();
        if (isUnexpected(error)) console.error(error);
        dispatch({ type: 'failed', message: downloadErrorMessage(error, cannotConnectMessage) });
      }
    },
    [cannotConnectMessage],
  );

  function forget() {
    if (running.current) clearRunningDownload(sessionStorage, place);
    running.current = null;
    notifyDownloadsChanged();
  }

  // A download that was running when the page was left (reloaded) is followed again.
  useEffect(() => {
    const stored = loadRunningDownload(sessionStorage, place);
    if (!stored) return;
    const controller = new AbortController();
    inFlight.current = controller;
    running.current = stored;
    dispatch({ type: 'started', at: stored.startedAt });
    getJob(stored.jobId, controller.signal).then(
      (job) => {
        if (controller.signal.aborted) return;
        dispatch({ type: 'job', job });
        void follow(job, controller.signal);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        clearRunningDownload(sessionStorage, place);
        running.current = null;
        // A job that no longer exists leaves nothing to show; anything else is said.
        if (error instanceof ApiError && error.status === 404) dispatch({ type: 'reset' });
        else dispatch({ type: 'failed', message: downloadErrorMessage(error, cannotConnectMessage) });
      },
    );
    return () => controller.abort();
  }, [place, follow, cannotConnectMessage]);

  useEffect(() => () => inFlight.current?.abort(), []);

  const reset = useCallback(() => {
    inFlight.current?.abort();
    dispatch({ type: 'reset' });
  }, []);

  const sendCancel = useCallback(
    async (job: RunningDownload) => {
      setCancelling(true);
      try {
        await cancelJob(job.jobId, { cancelToken: job.cancelToken, token });
        inFlight.current?.abort();
        forget();
        dispatch({ type: 'cancelled' });
      } catch (error) {
        // Finished meanwhile (409): the stream brings the outcome. Anything else is said.
        if (!(error instanceof ApiError && error.status === 409)) {
          inFlight.current?.abort();
          forget();
          dispatch({ type: 'failed', message: downloadErrorMessage(error, cannotConnectMessage) });
        }
      } finally {
        setCancelling(false);
      }
    },
    [token, cannotConnectMessage],
  );

  const start = useCallback(
    async (request: DownloadRequest) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      const { signal } = controller;
      inFlight.current = controller;
      cancelPending.current = false;
      const startedAt = Date.now();
      dispatch({ type: 'started', at: startedAt });
      let created;
      try {
        created = await createJob(request, token ? { token, signal } : { signal });
      } catch (error) {
        if (signal.aborted) return;
        if (isUnexpected(error)) console.error(error);
        return dispatch({ type: 'failed', message: downloadErrorMessage(error, cannotConnectMessage) });
      }
      if (signal.aborted) return;
      running.current = { jobId: created.id, cancelToken: created.cancelToken, startedAt };
      saveRunningDownload(sessionStorage, place, running.current);
      notifyDownloadsChanged();
      if (cancelPending.current) return void sendCancel(running.current);
      dispatch({ type: 'job', job: created });
      await follow(created, signal);
    },
    [cannotConnectMessage, token, place, follow, sendCancel],
  );

  const cancel = useCallback(() => {
    if (running.current) void sendCancel(running.current);
    else cancelPending.current = true;
  }, [sendCancel]);

  return { state, start, reset, cancel, cancelling };
}

/** Failures worth a console entry: bugs, and bodies that break the contract. */
function isUnexpected(error: unknown): boolean {
  if (error instanceof ApiError || error instanceof NetworkError) return false;
  return !(error instanceof DownloadFailedError) || error.cause !== undefined;
}
