import type { FetchedResource, Fetcher, FetchInit } from '../fetch/fetcher.js';
import type { PreviousCopy } from './previous-copy.js';

/**
 * Asks the server whether files of the previous copy changed, and answers a 304 with the
 * previous bytes (read from the old ZIP, not downloaded). Only bodies the caller saves as they
 * came are asked about (`spool`: see FetchInit): pages, stylesheets and modules are stored
 * rewritten, so they are always downloaded again. Everything goes through `base`, so the
 * address guard, time-outs and limits apply to the conditional requests as to any other.
 */
export class RevalidatingFetcher implements Fetcher {
  constructor(
    private readonly base: Fetcher,
    private readonly previous: PreviousCopy,
    /** This capture's limit on one body: a previous file past it is asked for as usual (and refused as usual). */
    private readonly maxResourceBytes: number,
  ) {}

  async fetch(url: string, init: FetchInit = {}): Promise<FetchedResource> {
    const known = init.spool ? this.previous.knownFile(url) : undefined;
    if (!known || (known.entry.bytes ?? 0) > this.maxResourceBytes) return this.base.fetch(url, init);
    const answer = await this.base.fetch(url, { ...init, conditional: known.validators });
    if (answer.status !== 304) return answer;
    const kept = await this.previous.read(known);
    // The stored file is not the body the validators name: ask for the body itself.
    if (!kept) return this.base.fetch(url, init);
    const { entry } = known;
    const headers = {
      ...(entry.contentType ? { 'content-type': entry.contentType } : {}),
      ...(entry.etag ? { etag: entry.etag } : {}),
      ...(entry.lastModified ? { 'last-modified': entry.lastModified } : {}),
      // A 304 carries the validators of the current body (RFC 9110 §15.4.5): those win.
      ...(answer.headers.etag ? { etag: answer.headers.etag } : {}),
      ...(answer.headers['last-modified'] ? { 'last-modified': answer.headers['last-modified'] } : {}),
    };
    return {
      ...answer,
      // What the previous copy saved was a 200's body (a file is only kept for a success).
      status: 200,
      headers,
      mimeType: entry.contentType ?? '',
      body: kept.body ?? Buffer.alloc(0),
      ...(kept.file ? { file: kept.file } : {}),
      notModified: true,
      // read() checked the bytes against it: hashing them again would double the cost of a reuse.
      sha256: entry.sha256,
    };
  }

  close(): Promise<void> {
    return this.base.close();
  }
}
