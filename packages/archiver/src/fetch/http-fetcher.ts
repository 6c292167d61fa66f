import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type { CookieJar } from 'tough-cookie';
import { ArchiveError } from '../errors.js';
import { ACCEPT } from './accept.js';
import { conditionalHeaders } from './conditional.js';
import { deadline, type Deadline } from './deadline.js';
import type { ArchiveOptions } from '../options.js';
import type { FetchInit, FetchedResource, Fetcher } from './fetcher.js';
import { guardedAgents, type GuardedAgents } from './guarded-agent.js';
import { rememberingResolver, type AddressPolicy } from './safe-resolve.js';
import { streamErrorIs, toArchiveError, wasRefused } from './fetch-errors.js';
import { H2Sessions } from './h2-sessions.js';
import { Interned } from './interned.js';
import { pageHeaders } from './page-headers.js';
import { LIVE_STREAM_WINDOW, readBody } from './read-body.js';
import { afterRedirect, requestLine, type RequestLine } from './request-body.js';
import { responseHead, tapBody, type ExchangeLog } from './exchange-log.js';
import { SiteCredentials } from './site-credentials.js';
import { tlsOptions, type Trust } from './tls-trust.js';
import { sendHttp1, sendHttp2, type RawResponse } from './transport.js';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

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
  | 'headers'
  | 'cookies'
>;

/** What ties a fetcher to one capture. */
export interface FetchSession {
  /** The start page: the person's extra headers go to its host only (see SiteCredentials). */
  startUrl?: string;
  /** Told of every exchange, for a WARC file; absent, bodies are not copied. */
  log?: ExchangeLog;
}

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
  private readonly credentials: SiteCredentials;
  private readonly log: ExchangeLog | undefined;

  constructor(
    private readonly options: HttpOptions,
    policy: Partial<AddressPolicy> = {},
    /** Certificates to trust besides Node's roots (tests; NODE_EXTRA_CA_CERTS as the CLI's launcher hands it over). */
    trust: Trust = {},
    session: FetchSession = {},
  ) {
    const guard = { allowPrivate: options.allowPrivateNetworks, ...policy, resolve: rememberingResolver(policy.resolve) };
    const tls = tlsOptions(trust);
    this.agents = guardedAgents(guard, options.connectionsPerOrigin, tls);
    this.h2 = new H2Sessions(guard, options.requestTimeoutMs, tls);
    this.credentials = new SiteCredentials(session.startUrl, options.headers, options.cookies);
    this.log = session.log;
    if (this.credentials.hasCookies) this.cookies = this.newJar();
  }

  /**
   * One resource, retried after overload, resets and silences; `resourceTimeoutMs` bounds all
   * its attempts together, so a server that trickles, or accepts and never answers, costs
   * one deadline, not one per attempt. A POST is tried again only when no connection carried it.
   */
  async fetch(url: string, init: FetchInit = {}): Promise<FetchedResource> {
    const line = requestLine(url, init);
    const time = deadline(this.options.resourceTimeoutMs, init.signal);
    try {
      return await this.attempts(url, init, line, time);
    } finally {
      time.dispose();
    }
  }

  /** The attempts of one fetch, all within its deadline. */
  private async attempts(url: string, init: FetchInit, line: RequestLine, time: Deadline): Promise<FetchedResource> {
    const repeatable = line.method === 'GET';
    const timeoutMs = this.options.resourceTimeoutMs;
    const { signal } = time;
    const endsAt = Date.now() + timeoutMs;
    for (let attempt = 0; ; attempt++) {
      try {
        const resource = await this.fetchFollowingRedirects(url, { ...init, signal }, line);
        const overloaded = resource.status === 429 || (resource.status >= 500 && resource.status !== 501);
        const wait = retryAfterMs(resource.headers['retry-after']) ?? backoffMs(attempt);
        // A wait that would outlast the deadline is no retry: the answer we have is the answer.
        if (overloaded && repeatable && attempt < this.options.retries && Date.now() + wait < endsAt) {
          await delay(wait, undefined, { signal }).catch(() => undefined);
          if (!signal.aborted) continue;
        }
        return resource;
      } catch (error) {
        if (time.timedOut && !init.signal?.aborted) {
          const seconds = Number((timeoutMs / 1000).toFixed(1));
          const tries = attempt > 0 ? `, ${attempt + 1} attempts` : '';
          throw new ArchiveError('TIMEOUT', `${url} took longer than ${seconds} s to download (timeout${tries}).`, { cause: error });
        }
        const failure = toArchiveError(error, url);
        // A POST that may have reached the server is not sent twice (it need not be idempotent).
        const unsent = repeatable || failure.connection !== undefined;
        if (!failure.retryable || !unsent || attempt >= this.options.retries || init.signal?.aborted) throw failure;
        await delay(backoffMs(attempt), undefined, { signal }).catch(() => undefined);
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

  private async fetchFollowingRedirects(url: string, init: FetchInit, line: RequestLine): Promise<FetchedResource> {
    const redirects: string[] = [];
    let current = url;
    let request = line;
    for (;;) {
      const target = new URL(current);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') {
        throw new ArchiveError('INVALID_URL', `Cannot fetch ${current}: only http and https are supported.`);
      }
      const cookie = this.cookies ? await (await this.cookies).getCookieString(current) : '';
      // Validators belong to the URL asked for: where it now redirects is another resource.
      const sent = { ...this.requestHeaders(init, cookie, target, request), ...(redirects.length === 0 ? conditionalHeaders(init.conditional) : {}) };
      const date = this.log ? new Date() : undefined;
      const response = await this.sendOnce(target, init, request, sent);
      const stream = this.log && date ? this.logged(this.log, target, date, request, sent, response) : response.body;
      await this.keepCookies(current, response.headers['set-cookie']);
      const headers = flattenHeaders(response.headers);
      const location = headers.location;
      const { status, protocol, streamLimit } = response;
      if (REDIRECTS.has(status) && location) {
        // A recorded redirect is read to its end, so that its record is written before the capture closes the log.
        if (this.log) await drainQuietly(stream);
        else stream.resume();
        if (redirects.length >= this.options.maxRedirects) {
          throw new ArchiveError('TOO_MANY_REDIRECTS', `${url} redirects more than ${this.options.maxRedirects} times.`);
        }
        redirects.push(current);
        current = new URL(location, current).href;
        request = afterRedirect(status, request);
        continue;
      }
      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > this.options.maxResourceBytes && !headers['content-encoding']) {
        stream.destroy();
        throw new ArchiveError('TOO_LARGE', `${current} is larger than the limit of ${this.options.maxResourceBytes} bytes.`);
      }
      const spool = status < 400 ? await this.spoolTarget(init) : undefined;
      const [mimeType, charset] = parseContentType(headers['content-type']);
      // An event stream never ends: its first events are what there is to keep (replay-event-source.ts).
      const live = mimeType === 'text/event-stream' && status < 300 ? LIVE_STREAM_WINDOW : undefined;
      const limits = { maxBytes: this.options.maxResourceBytes, ...(spool ? { spool } : {}), ...(live ? { live } : {}) };
      const { body, file } = await readBody(stream, headers['content-encoding'] ?? '', limits, current);
      const resource = {
        requestedUrl: url,
        url: current,
        status,
        headers,
        mimeType,
        charset,
        body,
        redirects,
        protocol,
        ...(streamLimit ? { streamLimit } : {}),
      };
      return file ? { ...resource, file } : resource;
    }
  }

  private async keepCookies(url: string, setCookie: readonly string[] | undefined): Promise<void> {
    if (!setCookie?.length) return;
    this.cookies ??= this.newJar();
    const jar = await this.cookies;
    for (const header of setCookie) await jar.setCookie(header, url, { ignoreError: true });
  }

  /** Loaded on the first cookie: most small captures never need the public-suffix list. */
  private async newJar(): Promise<CookieJar> {
    const { CookieJar } = await import('tough-cookie');
    const jar = new CookieJar();
    await this.credentials.seed(jar);
    return jar;
  }

  private requestHeaders(init: FetchInit, cookie: string, target: URL, request: RequestLine): Record<string, string> {
    const extra = this.credentials.headersFor(target);
    // A Cookie header the person gave, and the jar's cookies for this URL, travel as one.
    const cookies = extra.cookie && cookie ? `${extra.cookie}; ${cookie}` : extra.cookie || cookie;
    // The page's Content-Type describes its body: a POST redirected into a GET has none.
    const { 'content-type': contentType, ...page } = init.headers ? pageHeaders(init.headers) : {};
    return {
      'user-agent': this.options.userAgent,
      accept: init.accept ?? ACCEPT.any,
      'accept-encoding': 'gzip, deflate, br',
      'accept-language': 'en-US,en;q=0.9',
      ...(init.referrer ? { referer: init.referrer } : {}),
      ...page,
      ...(request.method === 'POST' ? { 'content-length': String(request.body?.length ?? 0) } : {}),
      ...(request.method === 'POST' && contentType ? { 'content-type': contentType } : {}),
      ...extra,
      ...(cookies ? { cookie: cookies } : {}),
    };
  }

  /** Opens the exchange's record and hands back its body, copied to the record as it is read. */
  private logged(log: ExchangeLog, target: URL, date: Date, line: RequestLine, sent: Record<string, string>, response: RawResponse): Readable {
    const headers = Object.entries(sent).filter(([name]) => !this.credentials.isSecret(name));
    const request = {
      line: `${line.method} ${target.pathname}${target.search} HTTP/1.1`,
      headers: [['Host', target.host], ...headers] as [string, string][],
      ...(line.body ? { body: line.body } : {}),
    };
    const exchange = log.open({ url: target.href, date, protocol: response.protocol, request, response: responseHead(response) });
    return tapBody(response.body, exchange);
  }

  /**
   * One request, over HTTP/2 where the origin offers it. A stream the server refused unprocessed
   * (REFUSED_STREAM, or a GOAWAY that closed the connection first) goes again at once on a new
   * connection, as browsers do; it is no failure and uses up no retry.
   */
  private async sendOnce(target: URL, init: FetchInit, line: RequestLine, headers: Record<string, string>): Promise<RawResponse> {
    const request = { target, ...line, headers, timeoutMs: this.options.requestTimeoutMs, signal: init.signal };
    for (let refused = 0; ; refused++) {
      // Connecting (TLS, ALPN) counts against the deadline too: a server may accept and never answer.
      const session = target.protocol === 'https:' ? await abortable(this.h2.sessionFor(target), init.signal) : undefined;
      if (!session) return sendHttp1(target.protocol === 'https:' ? this.agents.https : this.agents.http, request);
      try {
        return await sendHttp2(session, request);
      } catch (error) {
        if (refused >= MAX_REFUSED) throw error;
        if (streamErrorIs(error, 'HTTP_1_1_REQUIRED')) this.h2.useHttp1(target);
        else if (!wasRefused(error)) throw error;
      }
    }
  }
}

const MAX_REFUSED = 10;

async function drainQuietly(body: Readable): Promise<void> {
  try {
    for await (const chunk of body) void chunk;
  } catch {
    // A redirect's body is no part of the capture; the record of a cut-off one is dropped.
  }
}

function flattenHeaders(raw: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

// Kept per file in a site crawl's manifest: one string per type, not one per response.
const mimeTypes = new Interned();

export function parseContentType(value: string | undefined): [string, string | undefined] {
  if (!value) return ['', undefined];
  const [type = '', ...params] = value.split(';');
  const charsetParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('charset='));
  const charset = charsetParam?.slice('charset='.length).trim().replace(/^["']|["']$/g, '').toLowerCase();
  return [mimeTypes.of(type.trim().toLowerCase()), charset || undefined];
}

const MAX_RETRY_AFTER_MS = 30_000;

/** Retry-After in seconds or as an HTTP date; capped, so a server cannot park us for hours. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value.trim());
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : undefined;
}

function backoffMs(attempt: number): number {
  return 200 * 2 ** attempt;
}

/** `work`, or its rejection with an AbortError as soon as `signal` aborts (the work itself goes on). */
function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    // Nobody waits for the work now: its own failure (a refused connection) must not go unhandled.
    work.catch(() => undefined);
    return Promise.reject(abortError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function abortError(): Error {
  return Object.assign(new Error('The request was aborted.'), { name: 'AbortError' });
}

