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
  /** Body after Content-Encoding was undone. */
  body: Buffer;
  redirects: readonly string[];
}

export interface FetchInit {
  signal?: AbortSignal;
  /** The page that referenced this resource, sent as Referer like a browser would. */
  referrer?: string;
}

/**
 * The only network access of the engine. Resolves with any final HTTP status (the caller
 * decides what a 404 means) and rejects with an ArchiveError for transport failures.
 */
export interface Fetcher {
  fetch(url: string, init?: FetchInit): Promise<FetchedResource>;
  close(): Promise<void>;
}
