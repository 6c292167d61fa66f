/**
 * The download a form is following, kept in sessionStorage so that reloading the page (in the
 * same tab) goes on following it instead of losing it. The cancel token is kept with it: it is
 * the only way an anonymous creator can still cancel after the reload.
 */
export interface RunningDownload {
  jobId: string;
  cancelToken: string;
  /** When the attempt started (ms since the epoch): the elapsed time goes on from there. */
  startedAt: number;
}

const keyOf = (place: string) => `sitezip.running-download.${place}`;

export function saveRunningDownload(storage: Storage, place: string, running: RunningDownload): void {
  try {
    storage.setItem(keyOf(place), JSON.stringify(running));
  } catch {
    // Storage full or blocked: following simply does not survive a reload.
  }
}

export function loadRunningDownload(storage: Storage, place: string): RunningDownload | null {
  let raw: string | null;
  try {
    raw = storage.getItem(keyOf(place));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RunningDownload>;
    if (typeof value.jobId === 'string' && typeof value.cancelToken === 'string' && typeof value.startedAt === 'number') {
      return { jobId: value.jobId, cancelToken: value.cancelToken, startedAt: value.startedAt };
    }
  } catch {
    // Not ours or broken: dropped below.
  }
  clearRunningDownload(storage, place);
  return null;
}

export function clearRunningDownload(storage: Storage, place: string): void {
  try {
    storage.removeItem(keyOf(place));
  } catch {
    // Nothing to do.
  }
}
