import type { Manifest, ManifestEntry, UpdateList, UpdateReport } from '../capture/manifest.js';

/** URLs listed per kind of change at most; the counts cover all. */
export const MAX_LISTED_CHANGES = 100;

/**
 * What changed between the previous copy and this one, URL by URL among the files each saved:
 * unchanged when it was still fresh (taken without a request), the server answered 304 or the body hashes the same, changed when it does
 * not (a page or stylesheet without a recorded hash counts as changed), new and gone by URL.
 */
export function updateReport(previous: Manifest, current: readonly ManifestEntry[], cap = MAX_LISTED_CHANGES): UpdateReport {
  const before = savedByUrl(previous.resources);
  const now = savedByUrl(current);
  let unchanged = 0;
  let notModified = 0;
  let fresh = 0;
  const changed: string[] = [];
  const added: string[] = [];
  for (const [url, entry] of now) {
    const old = before.get(url);
    if (!old) added.push(url);
    else if (entry.fresh) {
      unchanged++;
      fresh++;
    } else if (entry.status === 304) {
      unchanged++;
      notModified++;
    } else if (entry.sha256 && entry.sha256 === old.sha256) unchanged++;
    else changed.push(url);
  }
  const gone = [...before.keys()].filter((url) => !now.has(url));
  return {
    previousStartedAt: previous.startedAt,
    unchanged,
    notModified,
    fresh,
    changed: listed(changed, cap),
    new: listed(added, cap),
    gone: listed(gone, cap),
  };
}

/** Entries that have a file (or an inlined module), one per URL. */
function savedByUrl(entries: readonly ManifestEntry[]): Map<string, ManifestEntry> {
  const saved = new Map<string, ManifestEntry>();
  for (const entry of entries) if (entry.path && !entry.error && !saved.has(entry.url)) saved.set(entry.url, entry);
  return saved;
}

function listed(urls: string[], cap: number): UpdateList {
  return { count: urls.length, urls: urls.slice(0, cap) };
}
