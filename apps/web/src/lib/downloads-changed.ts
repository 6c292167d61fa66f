const EVENT = 'sitezip:downloads-changed';

/** Tells lists of downloads (the dashboard's history) that one started, ended or was removed. */
export function notifyDownloadsChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function onDownloadsChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
