import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Agent, request, errors as undiciErrors } from 'undici';
import { ArchiveError, isArchiveError } from '../errors.js';
import type { ArchiveOptions } from '../options.js';
import type { FetchInit, FetchedResource, Fetcher } from './fetcher.js';
import { guardedConnector, type AddressPolicy } from './guarded-connector.js';
import { readBody } from './read-body.js';

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
>;

/** Fetcher over undici: keep-alive pools per origin, SSRF-guarded connects, manual redirects. */
export class HttpFetcher implements Fetcher {
  private readonly agent: Agent;
  private spoolDir: Promise<string> | undefined;
  private spooled = 0;

  constructor(
    private readonly options: HttpOptions,
    policy: Partial<AddressPolicy> = {},
  ) {
    this.agent = new Agent({
      connections: options.connectionsPerOrigin,
      pipelining: 1,
      keepAliveTimeout: 10_000,
      connect: guardedConnector({ allowPrivate: options.allowPrivateNetworks, ...policy }, options.requestTimeoutMs),
    });
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
    await this.agent.close();
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
      const response = await request(target, {
        dispatcher: this.agent,
        method: 'GET',
        signal: init.signal,
        headersTimeout: this.options.requestTimeoutMs,
        bodyTimeout: this.options.requestTimeoutMs,
        headers: {
          'user-agent': this.options.userAgent,
          accept: '*/*',
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en-US,en;q=0.9',
          ...(init.referrer ? { referer: init.referrer } : {}),
        },
      });
      const headers = flattenHeaders(response.headers);
      const location = headers.location;
      if (REDIRECTS.has(response.statusCode) && location) {
        await response.body.dump();
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
      const spool = response.statusCode < 400 ? await this.spoolTarget(init) : undefined;
      const limits = { maxBytes: this.options.maxResourceBytes, ...(spool ? { spool } : {}) };
      const { body, file } = await readBody(response.body, headers['content-encoding'] ?? '', limits, current);
      const [mimeType, charset] = parseContentType(headers['content-type']);
      const resource = { requestedUrl: url, url: current, status: response.statusCode, headers, mimeType, charset, body, redirects };
      return file ? { ...resource, file } : resource;
    }
  }
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
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

function toArchiveError(error: unknown, url: string): ArchiveError {
  if (isArchiveError(error)) return error;
  const host = safeHost(url);
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError || error instanceof undiciErrors.ConnectTimeoutError) {
    return new ArchiveError('TIMEOUT', `${host} did not answer in time (timeout).`, { retryable: true, cause: error });
  }
  if ((error as Error).name === 'AbortError' || error instanceof undiciErrors.RequestAbortedError) {
    return new ArchiveError('ABORTED', `The request to ${host} was cancelled.`, { cause: error });
  }
  const code = (error as NodeJS.ErrnoException).code ?? (error as { cause?: NodeJS.ErrnoException }).cause?.code;
  if (code === 'ECONNREFUSED') {
    return new ArchiveError('NETWORK', `${host} refused the connection.`, { cause: error });
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
