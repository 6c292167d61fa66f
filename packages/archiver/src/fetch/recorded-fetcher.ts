import type { FetchedResource, Fetcher, FetchInit } from './fetcher.js';

/**
 * Answers a request from a response already received for its URL (a browser's, while it rendered
 * the page), and every other request from `base`. A capture fetches each URL once; this saves
 * asking the site a second time for what the browser just got, and keeps the copy consistent
 * with what the page was built from.
 */
export class RecordedFirstFetcher implements Fetcher {
  private readonly recorded = new Map<string, FetchedResource>();

  constructor(private readonly base: Fetcher) {}

  /** Keeps the first response offered for each URL it was asked at. */
  offer(responses: Iterable<FetchedResource>): void {
    for (const response of responses) {
      if (!this.recorded.has(response.requestedUrl)) this.recorded.set(response.requestedUrl, response);
    }
  }

  fetch(url: string, init: FetchInit = {}): Promise<FetchedResource> {
    const known = this.recorded.get(url);
    // A body the caller will parse must be in memory; one spooled to disk is asked for again.
    if (known && (init.spool || !known.file)) return Promise.resolve(known);
    return this.base.fetch(url, init);
  }

  close(): Promise<void> {
    return this.base.close();
  }
}
