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
  | 'retries'
  | 'maxRedirects'
  | 'userAgent'
>;

/** Fetcher over undici: keep-alive pools per origin, SSRF-guarded connects, manual redirects. */
export class HttpFetcher implements Fetcher {
  private readonly agent: Agent;

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
      try {
        const resource = await this.fetchFollowingRedirects(url, init);
        if (resource.status >= 500 && resource.status !== 501 && attempt < this.options.retries) {
          await backoff(attempt, init.signal);
          continue;
        }
        return resource;
      } catch (error) {
        const failure = toArchiveError(error, url);
        if (!failure.retryable || attempt >= this.options.retries || init.signal?.aborted) throw failure;
        await backoff(attempt, init.signal);
      }
    }
  }

  close(): Promise<void> {
    return this.agent.close();
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
      const body = await readBody(response.body, headers['content-encoding'] ?? '', this.options.maxResourceBytes, current);
      const [mimeType, charset] = parseContentType(headers['content-type']);
      return { requestedUrl: url, url: current, status: response.statusCode, headers, mimeType, charset, body, redirects };
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

function backoff(attempt: number, signal: AbortSignal | undefined): Promise<void> {
  return delay(200 * 2 ** attempt, undefined, { signal }).catch(() => undefined);
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
