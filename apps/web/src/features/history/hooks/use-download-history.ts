import type { DownloadHistory } from '@sitezip/contracts';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-errors';
import { onDownloadsChanged } from '../../../lib/downloads-changed';
import { deleteDownload } from '../api/delete-download';
import { getDownloads } from '../api/get-downloads';

export const HISTORY_PAGE_SIZE = 10;
/** While something in the list runs, it is read again this often. */
const ACTIVE_REFRESH_MS = 2_000;

export type HistoryState =
  | { status: 'loading' }
  | { status: 'ready'; history: DownloadHistory }
  | { status: 'error'; message: string };

/** The history list: one page at a time, read again when downloads change or while one runs. */
export function useDownloadHistory(token: string | undefined) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<HistoryState>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => onDownloadsChanged(reload), [reload]);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    getDownloads(token, page, HISTORY_PAGE_SIZE, controller.signal).then(
      (history) => {
        if (controller.signal.aborted) return;
        // Deleting the last item of a page moves back a page.
        if (history.items.length === 0 && page > 1) return setPage(page - 1);
        setState({ status: 'ready', history });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof ApiError && error.detail ? error.detail : 'Could not load your downloads.' });
      },
    );
    return () => controller.abort();
  }, [token, page, version]);

  const active = state.status === 'ready' && state.history.items.some((i) => i.status === 'queued' || i.status === 'running');
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(reload, ACTIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, reload]);

  const remove = useCallback(
    async (id: string) => {
      if (!token) return;
      await deleteDownload(token, id);
      reload();
    },
    [token, reload],
  );

  return { state, page, setPage, remove };
}
