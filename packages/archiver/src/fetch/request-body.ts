import { ArchiveError } from '../errors.js';
import type { FetchInit } from './fetcher.js';

/** The largest request body a capture sends: a GraphQL query or a search is a few KB; an upload is no part of a capture. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/** What one hop of a request sends: its method and body. */
export interface RequestLine {
  method: NonNullable<FetchInit['method']>;
  body: Buffer | undefined;
}

/** The request `init` asks for, or a TOO_LARGE error for a body past the cap (nothing is sent). */
export function requestLine(url: string, init: FetchInit): RequestLine {
  const method = init.method ?? 'GET';
  const body = init.body && init.body.length > 0 ? init.body : undefined;
  if (body && body.length > MAX_REQUEST_BODY_BYTES) {
    throw new ArchiveError('TOO_LARGE', `The request body for ${url} is ${body.length} bytes, more than the ${MAX_REQUEST_BODY_BYTES} bytes a capture sends.`);
  }
  return { method, body };
}

/**
 * The request that follows a redirect, as browsers make it: 303, and 301/302 after a POST, become
 * a GET without the body (what old clients did, and servers now count on); 307 and 308 keep both.
 */
export function afterRedirect(status: number, request: RequestLine): RequestLine {
  if (status === 307 || status === 308 || request.method === 'GET') return request;
  return { method: 'GET', body: undefined };
}
