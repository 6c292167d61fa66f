import { ArchiveError } from './errors.js';

/** The error of a capture that ran out of its time budget (`totalTimeoutMs`, CLI `--timeout`). */
export function captureTimedOut(pageUrl: string, cause: unknown): ArchiveError {
  return new ArchiveError('TIMEOUT', `Capturing ${pageUrl} took too long (timeout).`, { cause });
}

// A scheme is letters before a colon that no digit follows: "example.com:8080" and
// "localhost:3000" are a host and its port; "ftp://x" and "mailto:x" name schemes.
const SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;

/**
 * A typed address as a URL to capture: https:// is added when it names no scheme, so that
 * "example.com" and "example.com:8080/a" work as they do in a browser's address bar. What
 * follows is {@link parsePageUrl}'s to judge.
 */
export function withDefaultScheme(address: string): string {
  const trimmed = address.trim();
  return SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * A hash router's route: `#/guide`, `#!/guide`, or a path without its first slash, as Backbone's
 * and Sammy's routers write theirs (`#packages/backbone`, `#search/date`). A plain fragment
 * (`#install`) is a place on the page. The source, for the render's scripts too (hash-routes.ts).
 */
export const HASH_ROUTE_SOURCE = String.raw`^#(?:!?\/|[^\s/#?!]+\/)\S*$`;
const HASH_ROUTE = new RegExp(HASH_ROUTE_SOURCE);

/** The hash route of an address (see HASH_ROUTE_SOURCE: a page the reader pasted from a hash router's app), or ''. */
export function routeOf(url: string): string {
  const at = url.indexOf('#');
  const hash = at < 0 ? '' : url.slice(at).trim();
  return HASH_ROUTE.test(hash) ? hash : '';
}

/** The address a capture starts from: an http(s) URL without its fragment, or INVALID_URL. */
export function parsePageUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch (error) {
    throw new ArchiveError('INVALID_URL', `Invalid website address: ${url}`, { cause: error });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ArchiveError('INVALID_URL', 'URL must use HTTP or HTTPS protocol');
  }
  parsed.hash = '';
  return parsed.href;
}
