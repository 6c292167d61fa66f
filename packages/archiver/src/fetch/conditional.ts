import type { Validators } from './fetcher.js';

/** The validators of a response's headers, as a later conditional request sends them back. */
export function validatorsOf(headers: Readonly<Record<string, string>>): Validators {
  const { etag, 'last-modified': lastModified } = headers;
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
}

/**
 * The request headers that make a GET conditional. Both go when both are known: a server that
 * honours ETags ignores If-Modified-Since then (RFC 9110 §13.1.3), others use the date.
 */
export function conditionalHeaders(validators: Validators | undefined): Record<string, string> {
  if (!validators) return {};
  return {
    ...(validators.etag ? { 'if-none-match': validators.etag } : {}),
    ...(validators.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
  };
}
