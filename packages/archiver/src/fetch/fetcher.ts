/** A response as the capture needs it: final URL after redirects and a bounded, decoded body. */
export interface FetchedResource {
  /** The URL that was asked for. */
  requestedUrl: string;
  /** The URL that answered, after redirects; relative references resolve against it. */
  url: string;
  status: number;
  headers: Readonly<Record<string, string>>;
  /** MIME type without parameters, lower case; '' when the server sent none. */
  mimeType: string;
  /** The `charset` parameter of Content-Type, lower case, when present. */
  charset: string | undefined;
  /** Body after Content-Encoding was undone; empty when it was spooled to `file`. */
  body: Buffer;
  /** A large body kept on disk instead of in memory (see FetchInit.spool). The reader deletes it. */
  file?: SpooledFile;
  redirects: readonly string[];
  /** How the response came; HTTP/2 origins take many requests at once over one connection. */
  protocol?: 'h2' | 'http/1.1';
  /** HTTP/2: the most requests the server takes at once on its connection. */
  streamLimit?: number;
  /**
   * The server answered a conditional request (FetchInit.conditional) with 304 Not Modified:
   * `status`, type and body are the previous copy's (see update/revalidating-fetcher.ts).
   */
  notModified?: boolean;
  /** SHA-256 (hex) of the body, when whoever made this resource already knows it (a body read back and checked). */
  sha256?: string;
  /**
   * The previous copy's body, taken without a request because it was still fresh (see
   * update/revalidating-fetcher.ts); `freshUntil` then keeps that copy's date, not a new one.
   */
  fresh?: boolean;
  freshUntil?: string;
}

export interface SpooledFile {
  path: string;
  size: number;
}

export interface FetchInit {
  /**
   * The caller will not parse this body: past a size threshold it may go to a temporary file,
   * so that large images and videos never sit in memory.
   */
  spool?: boolean;
  signal?: AbortSignal;
  /** The page that referenced this resource, sent as Referer like a browser would. */
  referrer?: string;
  /** The Accept header (see ACCEPT); `*\/*` when absent. */
  accept?: string;
  /**
   * GET when absent. A POST is never retried once it may have reached the server (it need not
   * be idempotent); nothing else that could change a site is ever sent.
   */
  method?: 'GET' | 'POST';
  /** The request body of a POST; past MAX_REQUEST_BODY_BYTES the fetch fails with TOO_LARGE, unsent. */
  body?: Buffer;
  /** Headers the page set on the request; only those `pageHeaders` lets through are sent. */
  headers?: Readonly<Record<string, string>>;
  /**
   * Validators of a copy the caller already has: sent as If-None-Match / If-Modified-Since to
   * the URL asked for (not to where it redirects), so the server may answer 304 Not Modified.
   */
  conditional?: Validators;
}

/** What a server gave to tell later whether a body changed (ETag, Last-Modified), as received. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

/**
 * The only network access of the engine. Resolves with any final HTTP status (the caller
 * decides what a 404 means) and rejects with an ArchiveError for transport failures.
 */
export interface Fetcher {
  fetch(url: string, init?: FetchInit): Promise<FetchedResource>;
  close(): Promise<void>;
}
