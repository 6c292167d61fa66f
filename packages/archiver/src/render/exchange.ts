import type { ArchiveErrorCode } from '../errors.js';
import type { FetchedResource } from '../fetch/fetcher.js';

// What a render records of the page's requests: the exchanges the fetcher answered, and the
// requests that were refused, each with its reason.

/** What the browser loaded a request as (Playwright's resource types, folded). */
export type ResourceKind =
  | 'document'
  | 'script'
  | 'stylesheet'
  | 'image'
  | 'font'
  | 'media'
  | 'fetch'
  | 'xhr'
  | 'eventsource'
  | 'websocket'
  | 'other';

/**
 * The frame a request belongs to: the frame whose document asked, or for a frame's own document
 * the frame being loaded. A dedicated worker's requests count as its page's.
 */
export interface Initiator {
  frameUrl: string;
  mainFrame: boolean;
}

/** Which request of the page: what a recorded and a refused request share. */
export interface PageRequest {
  /** `GET <url>`; a request with a body adds ` sha256=<hex>`, so two POSTs to one URL differ. */
  key: string;
  method: string;
  url: string;
  /** SHA-256 of the body; of a multipart body's canonical form (capture/replay-hash.ts), whose boundary is random. */
  requestBodySha256: string | undefined;
  resourceType: ResourceKind;
  /** Undefined for the page itself, fetched before the browser asked. */
  initiator: Initiator | undefined;
}

/** One request of the page and the response the engine's fetcher gave it. */
export interface RecordedExchange extends PageRequest {
  /**
   * Status, headers, final URL after redirects, body (or its spooled file; the caller deletes it).
   * The browser got this response at `url`: a redirected script or stylesheet resolves its own
   * relative references against `url`, not `response.url` (the page itself is loaded at its final URL).
   */
  response: FetchedResource;
}

/** Why a request of the page was not answered. */
export type BlockReason =
  /** The fetcher refused or failed (address guard, time-out, HTTP error of the transport). */
  | 'fetch-failed'
  /** A method a capture never sends (PUT, DELETE...: it must not change the site), or a POST that is no script's (a beacon, a form). */
  | 'method'
  /** Not http(s). */
  | 'scheme'
  /** The main frame leaving the page after it loaded. */
  | 'navigation'
  /** A request of a popup or another page than the one rendered. */
  | 'other-page'
  /** A live stream (EventSource, WebSocket): it never ends and cannot be kept. */
  | 'live-stream'
  /** maxRequests or maxBytes reached. */
  | 'limit';

/** A request of the page that was not answered; a refused POST is known by its URL and body. */
export interface BlockedRequest extends PageRequest {
  reason: BlockReason;
  message: string;
  /** The fetcher's error code, for `fetch-failed` and `limit`. */
  code: ArchiveErrorCode | undefined;
}

/** Recorded request key: method and URL, and the body's hash when there is one. */
export function exchangeKey(method: string, url: string, bodySha256?: string): string {
  return bodySha256 ? `${method} ${url} sha256=${bodySha256}` : `${method} ${url}`;
}

/** Playwright's resource type, folded into ours. */
export function kindOf(type: string): ResourceKind {
  switch (type) {
    case 'document':
    case 'script':
    case 'stylesheet':
    case 'image':
    case 'font':
    case 'media':
    case 'fetch':
    case 'xhr':
    case 'eventsource':
    case 'websocket':
      return type;
    default:
      return 'other';
  }
}
