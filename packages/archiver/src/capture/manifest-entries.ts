import type { ManifestEntry } from './manifest.js';

/**
 * A capture's manifest entries, in the order they were made. Resources are found again by key
 * (their URL); a site's pages are only added: the frontier admits each page once, so nothing
 * looks one up, and a key and a hash-table slot for each (a `page:` string of its URL, about
 * 70 bytes a page) were a good part of what a crawl's memory grew by with the number of pages.
 */
export class ManifestEntries {
  private readonly entries: (ManifestEntry | undefined)[] = [];
  private readonly byKey = new Map<string, number>();

  get(key: string): ManifestEntry | undefined {
    const at = this.byKey.get(key);
    return at === undefined ? undefined : this.entries[at];
  }

  /** Adds the entry under `key`, or puts it in the place of the one that had it. */
  set(key: string, entry: ManifestEntry): void {
    const at = this.byKey.get(key);
    if (at === undefined) this.byKey.set(key, this.entries.push(entry) - 1);
    else this.entries[at] = entry;
  }

  /** Takes the entry of `key` out (a guess that found nothing: see ResourceRequest.guess). */
  forget(key: string): void {
    const at = this.byKey.get(key);
    if (at === undefined) return;
    this.byKey.delete(key);
    this.entries[at] = undefined;
  }

  /** Adds an entry nothing will look up (a page of a site capture). */
  add(entry: ManifestEntry): void {
    this.entries.push(entry);
  }

  *values(): IterableIterator<ManifestEntry> {
    for (const entry of this.entries) if (entry) yield entry;
  }
}
