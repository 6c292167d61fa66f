import type { FetchedResource, Fetcher, FetchInit } from './fetcher.js';

/**
 * Answers a request from a response already received for its URL (a browser's, while it rendered
 * the page), and every other request from `base`. A capture fetches each URL once; this saves
 * asking the site a second time for what the browser just got, and keeps the copy consistent
 * with what the page was built from.
 */
export class RecordedFirstFetcher implements Fetcher {
  private readonly recorded = new Map<string, FetchedResource>();
  private readonly pending = new Map<string, Promise<FetchedResource | undefined>>();

  constructor(private readonly base: Fetcher) {}

  /** Keeps the first response offered for each URL it was asked at; `over`: these replace it. */
  offer(responses: Iterable<FetchedResource>, over = false): void {
    for (const response of responses) {
      if (over || !this.recorded.has(response.requestedUrl)) this.recorded.set(response.requestedUrl, response);
    }
  }

  /**
   * Asks for a URL before anyone needs it (the files of a page whose scripts are read before it
   * is decided): a request for it meanwhile waits for that answer instead of asking again.
   * Resolves with the response, or undefined when it failed (a later request then asks again).
   */
  prefetch(url: string, init: FetchInit): Promise<FetchedResource | undefined> {
    const known = this.recorded.get(url) ?? this.pending.get(url);
    if (known) return Promise.resolve(known);
    const response = this.base.fetch(url, init).then(
      (fetched) => (this.offer([fetched]), fetched),
      () => undefined,
    );
    this.pending.set(url, response);
    void response.finally(() => this.pending.delete(url));
    return response;
  }

  fetch(url: string, init: FetchInit = {}): Promise<FetchedResource> {
    const known = this.recorded.get(url);
    // A body the caller will parse must be in memory; one spooled to disk is asked for again.
    if (known && (init.spool || !known.file)) return Promise.resolve(known);
    const pending = this.pending.get(url);
    if (pending) return pending.then((fetched) => (fetched && (init.spool || !fetched.file) ? fetched : this.base.fetch(url, init)));
    return this.base.fetch(url, init);
  }

  close(): Promise<void> {
    return this.base.close();
  }
}
