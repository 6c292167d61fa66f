import { request, type Agent, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { ClientHttp2Session } from 'node:http2';
import { request as requestTls } from 'node:https';
import type { Readable } from 'node:stream';
import { ArchiveError } from '../errors.js';

/** A response head with its unread body, whichever protocol carried it. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Readable;
  protocol: 'h2' | 'http/1.1';
  /** HTTP/2: the most streams the server takes at once (its SETTINGS_MAX_CONCURRENT_STREAMS). */
  streamLimit?: number;
  /** HTTP/1.x: the status line and headers as received, names' case and order kept (for WARC records). */
  head?: { httpVersion: string; statusText: string; rawHeaders: string[] };
}

/** One request: where, which method and body, with which headers, how long a silence may last, and what cancels it. */
export interface RawRequest {
  target: URL;
  method: 'GET' | 'POST';
  body: Buffer | undefined;
  headers: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal | undefined;
}

/** One request on an HTTP/2 stream, resolved at the response head; the body is left to the caller. */
export function sendHttp2(session: ClientHttp2Session, { target, method, body, headers, timeoutMs, signal }: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': method, ':path': `${target.pathname}${target.search}`, ...headers }, { endStream: body === undefined });
    if (body) stream.end(body);
    // The stream's idle time: waiting for the head, or between body chunks.
    stream.setTimeout(timeoutMs, () => stream.destroy(timeoutError(target)));
    stream.on('error', reject);
    stream.once('response', (head) => {
      const { ':status': status, ...rest } = head;
      const streamLimit = session.remoteSettings.maxConcurrentStreams;
      resolve({ status: Number(status), headers: rest as IncomingHttpHeaders, body: stream, protocol: 'h2', ...(streamLimit ? { streamLimit } : {}) });
    });
    if (signal?.aborted) stream.destroy(abortError());
    else if (signal) {
      const onAbort = () => stream.destroy(abortError());
      signal.addEventListener('abort', onAbort, { once: true });
      stream.once('close', () => signal.removeEventListener('abort', onAbort));
    }
  });
}

/** One request over HTTP/1.1 through `agent`, resolved at the response head; the body is left to the caller. */
export function sendHttp1(agent: Agent, { target, method, body, headers, timeoutMs, signal }: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let response: IncomingMessage | undefined;
    const fail = (error: Error) => {
      response?.destroy(error);
      req.destroy(error);
    };
    const req = (target.protocol === 'https:' ? requestTls : request)(target, {
      agent,
      method,
      // Old servers send headers that strict parsing refuses (bare LF, odd characters); a
      // browser shows their pages, and a client that only reads cannot be smuggled into.
      insecureHTTPParser: true,
      // The socket's idle time: waiting to connect, for the head, or between body chunks.
      timeout: timeoutMs,
      headers,
    });
    req.on('timeout', () => {
      if (!response?.complete) fail(timeoutError(target));
    });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      response = res;
      // Readers see errors through iteration; an unread body (a redirect) must not crash the process.
      res.on('error', () => undefined);
      const head = { httpVersion: res.httpVersion, statusText: res.statusMessage ?? '', rawHeaders: res.rawHeaders };
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res, protocol: 'http/1.1', head });
    });
    if (signal?.aborted) fail(abortError());
    else if (signal) {
      // Removed once settled: a late abort must not reach a socket that went back to the pool.
      const onAbort = () => fail(abortError());
      const settled = () => signal.removeEventListener('abort', onAbort);
      signal.addEventListener('abort', onAbort, { once: true });
      req.once('error', settled);
      req.once('response', (res: IncomingMessage) => res.once('close', settled));
    }
    req.end(body);
  });
}

function timeoutError(target: URL): ArchiveError {
  return new ArchiveError('TIMEOUT', `${target.host} did not answer in time (timeout).`, { retryable: true });
}

function abortError(): Error {
  return Object.assign(new Error('The request was aborted.'), { name: 'AbortError' });
}
