import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { ClientHttp2Session } from 'node:http2';
import { request as requestTls } from 'node:https';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type { CookieJar } from 'tough-cookie';
import { ArchiveError, isArchiveError } from '../errors.js';
import { ACCEPT } from './accept.js';
import type { ArchiveOptions } from '../options.js';
import type { FetchInit, FetchedResource, Fetcher } from './fetcher.js';
import { guardedAgents, type AddressPolicy, type GuardedAgents } from './guarded-agent.js';
import { H2Sessions } from './h2-sessions.js';
import { readBody } from './read-body.js';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A response head with its unread body, whichever protocol carried it. */
interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Readable;
  protocol: 'h2' | 'http/1.1';
}

type HttpOptions = Pick<
  ArchiveOptions,
  | 'allowPrivateNetworks'
  | 'connectionsPerOrigin'
  | 'maxResourceBytes'
  | 'requestTimeoutMs'
  | 'resourceTimeoutMs'
  | 'spoolThresholdBytes'
  | 'retries'
  | 'maxRedirects'
  | 'userAgent'
>;

/**
 * Fetcher over Node's own clients: HTTP/2 for https origins that offer it, keep-alive
 * HTTP/1.1 pools otherwise; SSRF-guarded connects, manual redirects. The built-in clients cost
 * nothing to load, which matters when the CLI captures a small page.
 */
export class HttpFetcher implements Fetcher {
  private readonly agents: GuardedAgents;
  private readonly h2: H2Sessions;
  /** Cookies the site set during this capture, sent back like a browser would (session checks, consent). */
  private cookies: Promise<CookieJar> | undefined;
  private spoolDir: Promise<string> | undefined;
  private spooled = 0;

  constructor(
    private readonly options: HttpOptions,
    policy: Partial<AddressPolicy> = {},
    /** Certificates to trust besides the system's (tests; NODE_EXTRA_CA_CERTS does it for the CLI). */
    trust: { ca?: string | Buffer } = {},
  ) {
    const guard = { allowPrivate: options.allowPrivateNetworks, ...policy };
    this.agents = guardedAgents(guard, options.connectionsPerOrigin, trust.ca);
    this.h2 = new H2Sessions(guard, options.requestTimeoutMs, trust.ca);
  }

  async fetch(url: string, init: FetchInit = {}): Promise<FetchedResource> {
    for (let attempt = 0; ; attempt++) {
      const deadline = AbortSignal.timeout(this.options.resourceTimeoutMs);
      const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
      try {
        const resource = await this.fetchFollowingRedirects(url, { ...init, signal });
        const overloaded = resource.status === 429 || (resource.status >= 500 && resource.status !== 501);
        if (overloaded && attempt < this.options.retries) {
          await backoff(attempt, init.signal, retryAfterMs(resource.headers['retry-after']));
          continue;
        }
        return resource;
      } catch (error) {
        if (deadline.aborted && !init.signal?.aborted) {
          // A body that trickles steadily past the deadline would do the same again.
          const seconds = Math.round(this.options.resourceTimeoutMs / 1000);
          throw new ArchiveError('TIMEOUT', `${url} took longer than ${seconds} s to download (timeout).`, { cause: error });
        }
        const failure = toArchiveError(error, url);
        if (!failure.retryable || attempt >= this.options.retries || init.signal?.aborted) throw failure;
        await backoff(attempt, init.signal);
      }
    }
  }

  async close(): Promise<void> {
    this.agents.http.destroy();
    this.agents.https.destroy();
    this.h2.close();
    if (this.spoolDir) await rm(await this.spoolDir, { recursive: true, force: true });
  }

  private spoolTarget(init: FetchInit): Promise<{ threshold: number; dir: string; name: string }> | undefined {
    if (!init.spool) return undefined;
    this.spoolDir ??= mkdtemp(join(tmpdir(), 'sitezip-spool-'));
    const name = String(++this.spooled);
    return this.spoolDir.then((dir) => ({ threshold: this.options.spoolThresholdBytes, dir, name }));
  }

  private async fetchFollowingRedirects(url: string, init: FetchInit): Promise<FetchedResource> {
    const redirects: string[] = [];
    let current = url;
    for (;;) {
      const target = new URL(current);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') {
        throw new ArchiveError('INVALID_URL', `Cannot fetch ${current}: only http and https are supported.`);
      }
      const cookie = this.cookies ? await (await this.cookies).getCookieString(current) : '';
      const response = await this.sendOnce(target, init, cookie);
      await this.keepCookies(current, response.headers['set-cookie']);
      const headers = flattenHeaders(response.headers);
      const location = headers.location;
      const { status, protocol } = response;
      if (REDIRECTS.has(status) && location) {
        response.body.resume();
        if (redirects.length >= this.options.maxRedirects) {
          throw new ArchiveError('TOO_MANY_REDIRECTS', `${url} redirects more than ${this.options.maxRedirects} times.`);
        }
        redirects.push(current);
        current = new URL(location, current).href;
        continue;
      }
      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > this.options.maxResourceBytes && !headers['content-encoding']) {
        response.body.destroy();
        throw new ArchiveError('TOO_LARGE', `${current} is larger than the limit of ${this.options.maxResourceBytes} bytes.`);
      }
      const spool = status < 400 ? await this.spoolTarget(init) : undefined;
      const limits = { maxBytes: this.options.maxResourceBytes, ...(spool ? { spool } : {}) };
      const { body, file } = await readBody(response.body, headers['content-encoding'] ?? '', limits, current);
      const [mimeType, charset] = parseContentType(headers['content-type']);
      const resource = { requestedUrl: url, url: current, status, headers, mimeType, charset, body, redirects, protocol };
      return file ? { ...resource, file } : resource;
    }
  }

  private async keepCookies(url: string, setCookie: readonly string[] | undefined): Promise<void> {
    if (!setCookie?.length) return;
    // Loaded on the first cookie: most small captures never need the public-suffix list.
    this.cookies ??= import('tough-cookie').then(({ CookieJar }) => new CookieJar());
    const jar = await this.cookies;
    for (const header of setCookie) await jar.setCookie(header, url, { ignoreError: true });
  }

  private requestHeaders(init: FetchInit, cookie: string): Record<string, string> {
    return {
      'user-agent': this.options.userAgent,
      accept: init.accept ?? ACCEPT.any,
      'accept-encoding': 'gzip, deflate, br',
      'accept-language': 'en-US,en;q=0.9',
      ...(init.referrer ? { referer: init.referrer } : {}),
      ...(cookie ? { cookie } : {}),
    };
  }

  /**
   * One GET, over HTTP/2 where the origin offers it. A stream the server refused unprocessed
   * (REFUSED_STREAM, or a GOAWAY that closed the connection first) goes again at once on a new
   * connection, as browsers do; it is no failure and uses up no retry.
   */
  private async sendOnce(target: URL, init: FetchInit, cookie: string): Promise<RawResponse> {
    for (let refused = 0; ; refused++) {
      const session = target.protocol === 'https:' ? await this.h2.sessionFor(target) : undefined;
      if (!session) return this.send(target, init, cookie);
      try {
        return await this.sendH2(session, target, init, cookie);
      } catch (error) {
        if (refused >= MAX_REFUSED) throw error;
        if (streamErrorIs(error, 'HTTP_1_1_REQUIRED')) this.h2.useHttp1(target);
        else if (!wasRefused(error)) throw error;
      }
    }
  }

  /** One GET on an HTTP/2 stream, resolved at the response head. */
  private sendH2(session: ClientHttp2Session, target: URL, init: FetchInit, cookie: string): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const stream = session.request({ ':path': `${target.pathname}${target.search}`, ...this.requestHeaders(init, cookie) });
      // The stream's idle time: waiting for the head, or between body chunks.
      stream.setTimeout(this.options.requestTimeoutMs, () =>
        stream.destroy(new ArchiveError('TIMEOUT', `${target.host} did not answer in time (timeout).`, { retryable: true })),
      );
      stream.on('error', reject);
      stream.once('response', (head) => {
        const { ':status': status, ...headers } = head;
        resolve({ status: Number(status), headers: headers as IncomingHttpHeaders, body: stream, protocol: 'h2' });
      });
      const signal = init.signal;
      if (signal?.aborted) stream.destroy(abortError());
      else if (signal) {
        const onAbort = () => stream.destroy(abortError());
        signal.addEventListener('abort', onAbort, { once: true });
        stream.once('close', () => signal.removeEventListener('abort', onAbort));
      }
    });
  }

  /** One GET over HTTP/1.1, resolved at the response head; the body is left to the caller. */
  private send(target: URL, init: FetchInit, cookie: string): Promise<RawResponse> {
    const https = target.protocol === 'https:';
    const timeoutMs = this.options.requestTimeoutMs;
    return new Promise((resolve, reject) => {
      let response: IncomingMessage | undefined;
      const fail = (error: Error) => {
        response?.destroy(error);
        req.destroy(error);
      };
      const req = (https ? requestTls : request)(target, {
        agent: https ? this.agents.https : this.agents.http,
        method: 'GET',
        // Old servers send headers that strict parsing refuses (bare LF, odd characters); a
        // browser shows their pages, and a client that only reads cannot be smuggled into.
        insecureHTTPParser: true,
        // The socket's idle time: waiting to connect, for the head, or between body chunks.
        timeout: timeoutMs,
        headers: this.requestHeaders(init, cookie),
      });
      req.on('timeout', () => {
        if (response?.complete) return;
        fail(new ArchiveError('TIMEOUT', `${target.host} did not answer in time (timeout).`, { retryable: true }));
      });
      req.on('error', reject);
      req.on('response', (res: IncomingMessage) => {
        response = res;
        // Readers see errors through iteration; an unread body (a redirect) must not crash the process.
        res.on('error', () => undefined);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res, protocol: 'http/1.1' });
      });
      const signal = init.signal;
      if (signal?.aborted) fail(abortError());
      else if (signal) {
        // Removed once settled: a late abort must not reach a socket that went back to the pool.
        const onAbort = () => fail(abortError());
        const settled = () => signal.removeEventListener('abort', onAbort);
        signal.addEventListener('abort', onAbort, { once: true });
        req.once('error', settled);
        req.once('response', (res: IncomingMessage) => res.once('close', settled));
      }
      req.end();
    });
  }
}

const MAX_REFUSED = 10;

function wasRefused(error: unknown): boolean {
  const { code } = error as NodeJS.ErrnoException;
  return code === 'ERR_HTTP2_GOAWAY_SESSION' || code === 'ERR_HTTP2_INVALID_SESSION' || streamErrorIs(error, 'REFUSED_STREAM');
}

function streamErrorIs(error: unknown, name: string): boolean {
  const { code, message } = error as NodeJS.ErrnoException;
  return code === 'ERR_HTTP2_STREAM_ERROR' && message.includes(`NGHTTP2_${name}`);
}

function abortError(): Error {
  return Object.assign(new Error('The request was aborted.'), { name: 'AbortError' });
}

function flattenHeaders(raw: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export function parseContentType(value: string | undefined): [string, string | undefined] {
  if (!value) return ['', undefined];
  const [type = '', ...params] = value.split(';');
  const charsetParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('charset='));
  const charset = charsetParam?.slice('charset='.length).trim().replace(/^["']|["']$/g, '').toLowerCase();
  return [type.trim().toLowerCase(), charset || undefined];
}

const MAX_RETRY_AFTER_MS = 30_000;

/** Retry-After in seconds or as an HTTP date; capped, so a server cannot park us for hours. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value.trim());
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : undefined;
}

function backoff(attempt: number, signal: AbortSignal | undefined, wantedMs?: number): Promise<void> {
  return delay(wantedMs ?? 200 * 2 ** attempt, undefined, { signal }).catch(() => undefined);
}

// OpenSSL's verification failures: trying again gets the same certificate.
const CERTIFICATE_ERRORS = /^(ERR_TLS_CERT_ALTNAME_INVALID|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET_ISSUER_CERT|VERIFY_LEAF_SIGNATURE))/;

function toArchiveError(error: unknown, url: string): ArchiveError {
  if (isArchiveError(error)) return error;
  const host = safeHost(url);
  if ((error as Error).name === 'AbortError') {
    return new ArchiveError('ABORTED', `The request to ${host} was cancelled.`, { cause: error });
  }
  const code = (error as NodeJS.ErrnoException).code ?? (error as { cause?: NodeJS.ErrnoException }).cause?.code;
  if (code === 'ECONNREFUSED') {
    return new ArchiveError('NETWORK', `${host} refused the connection.`, { cause: error });
  }
  if (CERTIFICATE_ERRORS.test(code ?? '')) {
    return new ArchiveError('NETWORK', `${host} presented a certificate that cannot be trusted (${code}).`, { cause: error });
  }
  if (code === 'ETIMEDOUT') {
    return new ArchiveError('TIMEOUT', `${host} did not answer in time (timeout).`, { retryable: true, cause: error });
  }
  return new ArchiveError('NETWORK', `Could not download from ${host}: ${(error as Error).message}.`, {
    retryable: true,
    cause: error,
  });
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
