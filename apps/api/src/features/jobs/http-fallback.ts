import { isArchiveError } from '@sitezip/archiver';
import type { JobRow } from '../../db/schema.js';

/**
 * Where to try again when https could not connect (refused, or its TLS handshake or certificate
 * failed) for an address typed without a scheme: the same address over http, as a browser's
 * address bar does. Undefined when the failure was anything else, or the scheme was typed.
 */
export function httpFallbackUrl(row: Pick<JobRow, 'url' | 'httpFallback'>, error: unknown): string | undefined {
  if (!row.httpFallback || !couldNotConnect(error)) return undefined;
  const url = new URL(row.url);
  if (url.protocol !== 'https:') return undefined;
  url.protocol = 'http:';
  return url.href;
}

/** http failing to connect too says less than the https failure the person expected. */
export function failureToReport(httpsError: unknown, httpError: unknown): unknown {
  return couldNotConnect(httpError) ? httpsError : httpError;
}

function couldNotConnect(error: unknown): boolean {
  return isArchiveError(error) && error.connection !== undefined;
}
