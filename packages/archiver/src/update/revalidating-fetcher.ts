import type { FetchedResource, Fetcher, FetchInit } from '../fetch/fetcher.js';
import { stillFresh } from '../fetch/freshness.js';
import type { KeptBody, KnownFile, PreviousCopy } from './previous-copy.js';

/** Headers of a 304 that say how long the body stays current (RFC 9111 §4.3.4: they replace the stored ones). */
const FRESHNESS_HEADERS = ['cache-control', 'expires', 'date', 'age', 'vary'] as const;

/**
 * Takes files of the previous copy instead of downloading them again: without a request while
 * the server's own freshness lifetime says the file is current (Cache-Control max-age,
 * Expires: see fetch/freshness.ts), as a browser's cache would; otherwise by asking whether it
 * changed, and answering a 304 with the previous bytes (read from the old ZIP). Only bodies the
 * caller saves as they came are taken (`spool`: see FetchInit): pages, stylesheets and modules
 * are stored rewritten, so they are always downloaded again. Every request goes through `base`,
 * so the address guard, time-outs and limits apply to the conditional requests as to any other.
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
    if (stillFresh(known.entry.freshUntil)) {
      const kept = await this.previous.read(known);
      if (kept) return reused(url, known, kept, {}, { fresh: true, freshUntil: known.entry.freshUntil! });
    }
    const answer = await this.base.fetch(url, { ...init, conditional: known.validators });
    if (answer.status !== 304) return answer;
    const kept = await this.previous.read(known);
    // The stored file is not the body the validators name: ask for the body itself.
    if (!kept) return this.base.fetch(url, init);
    const renewed: Record<string, string> = {};
    for (const name of FRESHNESS_HEADERS) if (answer.headers[name]) renewed[name] = answer.headers[name];
    // A 304 carries the validators of the current body (RFC 9110 §15.4.5): those win.
    if (answer.headers.etag) renewed.etag = answer.headers.etag;
    if (answer.headers['last-modified']) renewed['last-modified'] = answer.headers['last-modified'];
    return { ...answer, ...reused(url, known, kept, renewed, { notModified: true }) };
  }

  close(): Promise<void> {
    return this.base.close();
  }
}

/** The previous copy's file as a response: what the previous copy saved was a 200's body (a file is only kept for a success). */
function reused(
  url: string,
  { entry }: KnownFile,
  kept: KeptBody,
  headers: Record<string, string>,
  how: Pick<FetchedResource, 'notModified' | 'fresh' | 'freshUntil'>,
): FetchedResource {
  return {
    requestedUrl: url,
    url,
    status: 200,
    headers: {
      ...(entry.contentType ? { 'content-type': entry.contentType } : {}),
      ...(entry.etag ? { etag: entry.etag } : {}),
      ...(entry.lastModified ? { 'last-modified': entry.lastModified } : {}),
      ...headers,
    },
    mimeType: entry.contentType ?? '',
    charset: undefined,
    body: kept.body ?? Buffer.alloc(0),
    ...(kept.file ? { file: kept.file } : {}),
    redirects: [],
    // read() checked the bytes against it: hashing them again would double the cost of a reuse.
    sha256: entry.sha256,
    ...how,
  };
}
