import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, HttpFetcher, MemorySink, parseNetscapeCookies, parseOptions } from '../src/index.js';
import type { HostResolver } from '../src/fetch/safe-resolve.js';
import { PNG_1PX, serveFixture, type FixtureRoute, type FixtureSite } from './support/fixture-site.js';

// Several hosts on two loopback servers: names the test resolver sends to 127.0.0.1.
const resolve: HostResolver = async (name) => {
  if (!['site.example', 'sub.site.example', 'cdn.example'].includes(name)) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return [{ address: '127.0.0.1', family: 4 }];
};

/** Request headers as each server received them, by host and path. */
const received = new Map<string, IncomingHttpHeaders>();
const recorded = (route: FixtureRoute = {}): FixtureRoute => ({
  handle: (request: IncomingMessage, response: ServerResponse) => {
    received.set(`${request.headers.host}${request.url}`, request.headers);
    if (route.status && route.headers) return void response.writeHead(route.status, route.headers).end();
    response.writeHead(200, { 'content-type': route.type ?? 'image/png' }).end(route.body ?? PNG_1PX);
  },
});

let site: FixtureSite;
let cdn: FixtureSite;
let a: string;
let b: string;
beforeAll(async () => {
  cdn = await serveFixture({ '/cdn.png': recorded(), '/hopped.png': recorded(), '/other-port.png': recorded() });
  b = new URL(cdn.url).port;
  site = await serveFixture({
    '/': recorded({
      type: 'text/html',
      body: `<title>Members</title><link rel="stylesheet" href="/app/style.css"><img src="/own.png">
        <img src="http://sub.site.example:${b}/other-port.png"><img src="http://cdn.example:${b}/cdn.png">
        <img src="http://site.example:${b}/other-port.png"><img src="/hop.png">`,
    }),
    '/app/style.css': recorded({ type: 'text/css', body: 'body { color: red }' }),
    '/own.png': recorded(),
    '/hop.png': recorded({ status: 302, headers: { location: `http://cdn.example:${b}/hopped.png` } }),
  });
  a = new URL(site.url).port;
});
afterAll(async () => {
  await site.close();
  await cdn.close();
});

const COOKIES = [
  'site.example\tFALSE\t/\tFALSE\t0\tsession\tcookie-secret-1',
  '.site.example\tTRUE\t/\tFALSE\t4102444800\twide\tcookie-secret-2',
  'site.example\tFALSE\t/app\tFALSE\t0\tapp\tcookie-secret-3',
  'site.example\tFALSE\t/\tTRUE\t0\thttps-only\tcookie-secret-4',
  'site.example\tFALSE\t/\tFALSE\t1000\texpired\tcookie-secret-5',
  '#HttpOnly_cdn.example\tFALSE\t/\tFALSE\t0\tcdn\tcookie-secret-6',
].join('\n');

async function capture(input: Parameters<typeof parseOptions>[0]) {
  received.clear();
  const options = parseOptions({ allowPrivateNetworks: true, retries: 0, ...input });
  const startUrl = `http://site.example:${a}/`;
  const fetcher = new HttpFetcher(options, { resolve }, {}, { startUrl });
  const sink = new MemorySink();
  try {
    await archivePage(startUrl, sink, options, { fetcher });
  } finally {
    await fetcher.close();
  }
  return sink;
}

const cookieOf = (key: string) => received.get(key)?.cookie;

describe('cookies from a cookies.txt file', () => {
  it('go only where their domain, path, Secure flag and expiry allow', async () => {
    const sink = await capture({ cookies: parseNetscapeCookies(COOKIES) });
    expect(cookieOf(`site.example:${a}/`)).toBe('session=cookie-secret-1; wide=cookie-secret-2');
    expect(cookieOf(`site.example:${a}/own.png`)).toBe('session=cookie-secret-1; wide=cookie-secret-2');
    // The /app cookie goes under /app only (the more specific path first, as browsers order them).
    expect(cookieOf(`site.example:${a}/app/style.css`)).toBe('app=cookie-secret-3; session=cookie-secret-1; wide=cookie-secret-2');
    // A subdomain gets the cookie that includes subdomains, not the host-only one.
    expect(cookieOf(`sub.site.example:${b}/other-port.png`)).toBe('wide=cookie-secret-2');
    // Cookies know hosts, not ports: another server on the same host gets them, as in browsers.
    expect(cookieOf(`site.example:${b}/other-port.png`)).toBe('session=cookie-secret-1; wide=cookie-secret-2');
    // Another host on the same page gets its own cookie only, also after a redirect from the site.
    expect(cookieOf(`cdn.example:${b}/cdn.png`)).toBe('cdn=cookie-secret-6');
    expect(cookieOf(`site.example:${a}/hop.png`)).toBe('session=cookie-secret-1; wide=cookie-secret-2');
    expect(cookieOf(`cdn.example:${b}/hopped.png`)).toBe('cdn=cookie-secret-6');
    expect(received.size).toBe(8);
    // Never written anywhere: not in the pages, not in the manifest.
    for (const [path, data] of sink.files) expect(data.toString('latin1'), path).not.toMatch(/cookie-secret/);
  });
});

describe('extra headers', () => {
  it('go to the start URL host and port only: not to subdomains, other ports, CDNs or redirect targets', async () => {
    const sink = await capture({ headers: [['Authorization', 'Bearer header-secret'], ['X-Team', 'archivists']] });
    for (const path of ['/', '/own.png', '/app/style.css', '/hop.png']) {
      expect(received.get(`site.example:${a}${path}`), path).toMatchObject({ authorization: 'Bearer header-secret', 'x-team': 'archivists' });
    }
    for (const key of [`sub.site.example:${b}/other-port.png`, `site.example:${b}/other-port.png`, `cdn.example:${b}/cdn.png`, `cdn.example:${b}/hopped.png`]) {
      expect(received.get(key), key).toBeDefined();
      expect(received.get(key)?.authorization, key).toBeUndefined();
      expect(received.get(key)?.['x-team'], key).toBeUndefined();
    }
    for (const [path, data] of sink.files) expect(data.toString('latin1'), path).not.toMatch(/header-secret/);
  });

  it('may carry a Cookie header, sent to the start host along with the jar\'s cookies', async () => {
    await capture({ headers: [['Cookie', 'given=header-secret']], cookies: parseNetscapeCookies(COOKIES) });
    expect(cookieOf(`site.example:${a}/`)).toBe('given=header-secret; session=cookie-secret-1; wide=cookie-secret-2');
    expect(cookieOf(`cdn.example:${b}/cdn.png`)).toBe('cdn=cookie-secret-6');
  });

  it('are refused by the options schema when the engine owns them', () => {
    expect(() => parseOptions({ headers: [['Host', 'elsewhere.example']] })).toThrow(/Host is set by sitezip itself/);
    expect(() => parseOptions({ headers: [['X-A', 'a\r\nHost: b']] })).toThrow(/line break/);
  });
});
