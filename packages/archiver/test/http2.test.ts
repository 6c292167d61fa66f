import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:http2';
import { afterEach, describe, expect, it } from 'vitest';
import { archivePage, HttpFetcher, MemorySink, parseOptions, type ArchiveOptionsInput } from '../src/index.js';
import { PNG_1PX, pngFor, serveFixture, TLS_CERT_PATH, type FixtureRoute, type FixtureSite } from './support/fixture-site.js';

const ca = readFileSync(TLS_CERT_PATH);
let site: FixtureSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

/** A capture that trusts the fixtures' certificate. */
async function capture(url: string, input: ArchiveOptionsInput = {}) {
  const options = parseOptions({ allowPrivateNetworks: true, retries: 0, ...input });
  const fetcher = new HttpFetcher(options, {}, { ca });
  const sink = new MemorySink();
  try {
    return { sink, summary: await archivePage(url, sink, options, { fetcher }) };
  } finally {
    await fetcher.close();
  }
}

const images = (n: number) => Array.from({ length: n }, (_, i) => `<img src="/img/${i}.png">`).join('');

describe('HTTP/2', () => {
  it('fetches a page and its resources over one HTTP/2 connection when the origin offers it', async () => {
    const versions = new Set<string>();
    const image: FixtureRoute = {
      handle: (request, response) => {
        versions.add(request.httpVersion);
        response.writeHead(200, { 'content-type': 'image/png' }).end(pngFor(request.url ?? ''));
      },
    };
    const routes: Record<string, FixtureRoute> = { '/': { body: `<title>h2</title>${images(30)}` } };
    for (let i = 0; i < 30; i++) routes[`/img/${i}.png`] = image;
    site = await serveFixture(routes, { h2: true });
    const { sink, summary } = await capture(site.url);
    expect(summary.failures).toBe(0);
    expect(summary.files).toBe(31);
    expect(sink.files.get(`localhost_${new URL(site.url).port}/img/29.png`)).toEqual(pngFor('/img/29.png'));
    expect([...versions]).toEqual(['2.0']);
    expect(site.connections()).toBe(1);
  });

  it('sends as many requests at once as the streams setting allows, more than HTTP/1.1 connections', async () => {
    // Responses wait until 40 requests are in flight (or a second has passed): with 32 at a time they never are.
    let active = 0;
    let most = 0;
    let open = false;
    const waiting: (() => void)[] = [];
    const releaseAll = () => {
      open = true;
      waiting.splice(0).forEach((release) => release());
    };
    const held = (request: IncomingMessage, response: ServerResponse) => {
      active++;
      most = Math.max(most, active);
      waiting.push(() => {
        active--;
        response.writeHead(200, { 'content-type': 'image/png' }).end(pngFor(request.url ?? ''));
      });
      if (open || active >= 40) releaseAll();
      else setTimeout(releaseAll, 1000).unref();
    };
    const routes: Record<string, FixtureRoute> = { '/': { body: images(60) } };
    for (let i = 0; i < 60; i++) routes[`/img/${i}.png`] = { handle: held };
    site = await serveFixture(routes, { h2: true });
    const { summary } = await capture(site.url, { connectionsPerOrigin: 32, streamsPerOrigin: 100 });
    expect(summary.failures).toBe(0);
    expect(most).toBeGreaterThanOrEqual(40);
  });

  it('sends no more at once than the server takes, so queued streams do not time out', async () => {
    // 5 streams at a time, 150 ms each: 40 images take 1.2 s, more than the 1 s time-out, while
    // one stream has more than six times its time (300 ms against 100 failed once in a loaded CI).
    const routes: Record<string, FixtureRoute> = { '/': { body: images(40) } };
    for (let i = 0; i < 40; i++) routes[`/img/${i}.png`] = { type: 'image/png', body: pngFor(`/img/${i}.png`) };
    site = await serveFixture(routes, { h2: true, maxStreams: 5, latencyMs: 150 });
    const { summary } = await capture(site.url, { requestTimeoutMs: 1_000 });
    expect(summary.manifest.resources.filter((r) => r.error).map((r) => r.errorCode)).toEqual([]);
    expect(summary.files).toBe(41);
  });

  it('moves to a new connection when the server ends one with GOAWAY, losing no request', async () => {
    // Like nginx after keepalive_requests: every connection is told to go away after 10 requests.
    const served = new WeakMap<object, number>();
    const image: FixtureRoute = {
      handle: (request, response) => {
        const session = (request as unknown as { stream: { session: { goaway(): void } } }).stream.session;
        const count = (served.get(session) ?? 0) + 1;
        served.set(session, count);
        response.writeHead(200, { 'content-type': 'image/png' }).end(pngFor(request.url ?? ''));
        if (count === 10) session.goaway();
      },
    };
    const routes: Record<string, FixtureRoute> = { '/': { body: images(40) } };
    for (let i = 0; i < 40; i++) routes[`/img/${i}.png`] = image;
    site = await serveFixture(routes, { h2: true });
    const { summary } = await capture(site.url, { retries: 2 });
    expect(summary.failures).toBe(0);
    expect(summary.files).toBe(41);
    expect(site.connections()).toBeGreaterThan(1);
  });

  it('switches to HTTP/1.1 when the server answers a stream with HTTP_1_1_REQUIRED', async () => {
    const versions: string[] = [];
    const picky: FixtureRoute = {
      handle: (request, response) => {
        versions.push(request.httpVersion);
        if (request.httpVersion === '2.0') {
          (request as unknown as { stream: { close(code: number): void } }).stream.close(constants.NGHTTP2_HTTP_1_1_REQUIRED);
        } else response.writeHead(200, { 'content-type': 'text/html' }).end('<title>old-fashioned</title>');
      },
    };
    site = await serveFixture({ '/': picky }, { h2: true });
    const { summary } = await capture(site.url);
    expect(summary.title).toBe('old-fashioned');
    expect(versions).toEqual(['2.0', '1.1']);
  });

  it('bounds a stream that stalls or is too large, and keeps the connection for the rest', async () => {
    site = await serveFixture(
      {
        '/': { body: '<img src="/stall.png"><img src="/huge.png"><img src="/ok.png">' },
        '/stall.png': { handle: (_request, response) => void response.writeHead(200, { 'content-type': 'image/png' }).write('x') },
        '/huge.png': {
          handle: (_request, response) =>
            void response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(2 * 1024 ** 3) }).write('x'),
        },
        '/ok.png': { type: 'image/png', body: PNG_1PX },
      },
      { h2: true },
    );
    const { sink, summary } = await capture(site.url, { requestTimeoutMs: 300 });
    const failed = Object.fromEntries(summary.manifest.resources.filter((r) => r.error).map((r) => [new URL(r.url).pathname, r.errorCode]));
    expect(failed).toEqual({ '/stall.png': 'TIMEOUT', '/huge.png': 'TOO_LARGE' });
    expect(sink.files.get(`localhost_${new URL(site.url).port}/ok.png`)).toEqual(PNG_1PX);
    expect(site.connections()).toBe(1);
  });

  it('falls back to HTTP/1.1 on an https origin that offers only that', async () => {
    site = await serveFixture({ '/': { body: `<title>h1</title>${images(3)}` }, '/img/0.png': { type: 'image/png', body: PNG_1PX } }, { tls: true });
    const { summary } = await capture(site.url);
    expect(summary.files).toBe(2);
    expect(summary.failures).toBe(2);
  });

  it('refuses private addresses before negotiating', async () => {
    site = await serveFixture({ '/': { body: 'secret' } }, { h2: true });
    const url = `https://127.0.0.1:${new URL(site.url).port}/`;
    await expect(capture(url, { allowPrivateNetworks: false })).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
    expect(site.connections()).toBe(0);
  });
});
