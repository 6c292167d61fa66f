import { isFinalBulkStatus, type BulkRequest, type BulkView } from '@sitezip/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NetworkError } from '../../../lib/api-errors';
import { notifyDownloadsChanged } from '../../../lib/downloads-changed';
import { createBulk } from '../api/create-bulk';
import { getBulk } from '../api/get-bulk';

/** How often a running bulk is read again: its jobs' progress is saved every half second. */
export const BULK_POLL_MS = 1_000;
const STORAGE_KEY = 'sitezip.running-bulk';

export type BulkState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'following'; bulk: BulkView }
  | { status: 'error'; message: string; bulk?: BulkView };

/**
 * Submits a bulk and follows it until its combined ZIP is ready. The bulk's id is kept in
 * sessionStorage, so a reload goes on following it.
 */
export function useBulkDownload(token: string | undefined) {
  const [state, setState] = useState<BulkState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const follow = useCallback(
    async (bulk: BulkView, signal: AbortSignal) => {
      if (!token) return;
      let current = bulk;
      setState({ status: 'following', bulk: current });
      let failures = 0;
      while (!isFinalBulkStatus(current.status)) {
        await new Promise((resolve) => setTimeout(resolve, BULK_POLL_MS));
        if (signal.aborted) return;
        try {
          current = await getBulk(token, current.id, signal);
          failures = 0;
          setState({ status: 'following', bulk: current });
        } catch (error) {
          if (signal.aborted) return;
          if (error instanceof ApiError && error.status === 404) {
            sessionStorage.removeItem(STORAGE_KEY);
            return setState({ status: 'idle' });
          }
          if (!(error instanceof NetworkError) || ++failures >= 5) {
            return setState({ status: 'error', message: messageOf(error), bulk: current });
          }
        }
      }
      sessionStorage.removeItem(STORAGE_KEY);
      notifyDownloadsChanged();
    },
    [token],
  );

  useEffect(() => {
    const id = sessionStorage.getItem(STORAGE_KEY);
    if (!id || !token) return;
    const resume = new AbortController();
    controller.current = resume;
    getBulk(token, id, resume.signal).then(
      (bulk) => void follow(bulk, resume.signal),
      () => sessionStorage.removeItem(STORAGE_KEY),
    );
    return () => resume.abort();
  }, [token, follow]);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (request: BulkRequest) => {
      if (!token) return;
      controller.current?.abort();
      const next = new AbortController();
      controller.current = next;
      setState({ status: 'submitting' });
      try {
        const bulk = await createBulk(token, request, next.signal);
        sessionStorage.setItem(STORAGE_KEY, bulk.id);
        notifyDownloadsChanged();
        await follow(bulk, next.signal);
      } catch (error) {
        if (!next.signal.aborted) setState({ status: 'error', message: messageOf(error) });
      }
    },
    [token, follow],
  );

  return { state, start };
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  if (error instanceof NetworkError) return 'Cannot connect to server. Please ensure the backend is running.';
  return 'The bulk download failed. Please try again.';
}
