import { ACCEPT } from '../fetch/accept.js';
import type { FetchedResource, Fetcher } from '../fetch/fetcher.js';
import { captureTimedOut, parsePageUrl } from '../page-url.js';

/** A page request made before the capture began (see requestEarly). */
export interface EarlyRequest {
  url: string;
  response: Promise<FetchedResource>;
  startedAt: Date;
}

/**
 * Asks for the page at once, so that its round trip overlaps loading the rest of the engine
 * (tens of milliseconds, a good part of a small capture); the static loader answers the
 * capture's first load of `url` with it. Kept apart from the loader so that the CLI can make
 * it before that code is loaded. An address that is not valid is left to the capture to report.
 */
export function requestEarly(fetcher: Fetcher, url: string, signal: AbortSignal, timeoutMs: number): EarlyRequest | undefined {
  let pageUrl: string;
  try {
    pageUrl = parsePageUrl(url);
  } catch {
    return undefined;
  }
  const startedAt = new Date();
  // The capture's time budget covers this request too.
  const deadline = AbortSignal.timeout(timeoutMs);
  const response = fetcher.fetch(pageUrl, { signal: AbortSignal.any([signal, deadline]), accept: ACCEPT.document }).catch((error: unknown) => {
    if (!deadline.aborted) throw error;
    throw captureTimedOut(pageUrl, error);
  });
  // The capture awaits it and reports its failure; until then it must not count as unhandled.
  response.catch(() => undefined);
  return { url: pageUrl, response, startedAt };
}
