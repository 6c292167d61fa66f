import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../src/fetch/http-fetcher.js';
import { parseOptions } from '../src/options.js';
import { BrowserHost, parseRenderLimits, renderPage, type RenderResult } from '../src/render/index.js';
import { ROUTES } from './render-recording.fixture.js';
import { BROWSER_UA, FETCHER_UA, serveRecorded, type RecordedSite } from './support/render-site.js';

let site: RecordedSite;
let host: BrowserHost;
let fetcher: HttpFetcher;
let result: RenderResult;

beforeAll(async () => {
  site = await serveRecorded(ROUTES);
  host = new BrowserHost({ userAgent: BROWSER_UA });
  fetcher = new HttpFetcher(parseOptions({ allowPrivateNetworks: true, retries: 0, userAgent: FETCHER_UA }));
  result = await renderPage(`${site.origin}/old`, {
    fetcher,
    host,
    signal: new AbortController().signal,
    limits: parseRenderLimits(),
  });
});

afterAll(async () => {
  await host?.close();
  await fetcher?.close();
  await site?.close();
});

describe('a page built by its scripts', () => {
  it('is loaded at its final URL after the redirect the fetcher followed', () => {
    expect(result.finalUrl).toBe(`${site.origin}/`);
    expect(result.locationHref).toBe(`${site.origin}/`);
    expect(result.status).toBe(200);
    expect(result.loaded).toBe(true);
    expect(result.settled).toBe(true);
  });

  it('comes out as the DOM its scripts built', () => {
    expect(result.title).toBe('Built by script');
    expect(result.html.startsWith('<!DOCTYPE html><html lang="en"><head>')).toBe(true);
    expect(result.html).toContain('<h1>Heading from JSON</h1>');
    expect(result.html).toContain('<p id="written" data-script="ran">written by document.write</p>');
    for (const line of [
      'xhr: text by XHR',
      'put: refused',
      'chunk: relative chunk',
      'absolute chunk: from an absolute path',
      'worker: fetched in a worker',
      'font: not a font',
      'image: 1px',
      'lazy: shown after scrolling',
    ]) {
      expect(result.html).toContain(`<li>${line}</li>`);
    }
    expect(result.events.scrollSteps).toBeGreaterThan(0);
  });

  it('keeps open shadow roots as declarative shadow DOM', () => {
    expect(result.html).toContain(
      '<div id="shadow-host"><template shadowrootmode="open"><link rel="stylesheet" href="/css/shadow.css"><p class="inside">shadow content</p></template></div>',
    );
  });

  it('asked the server for every resource once, always through the engine’s fetcher', () => {
    const asked = site.seen.map((request) => request.path).sort();
    const expected = Object.keys(ROUTES).filter((path) => path !== '/api/save').sort();
    expect(asked).toEqual(expected);
    expect(new Set(site.seen.map((request) => request.userAgent))).toEqual(new Set([FETCHER_UA]));
  });

  it('records each exchange with its kind, initiator and response', () => {
    const byPath = new Map(result.exchanges.map((exchange) => [new URL(exchange.url).pathname, exchange]));
    // The redirect's target is the answer to /old (response.url), not an exchange of its own.
    const recorded = Object.keys(ROUTES).filter((path) => path !== '/api/save' && path !== '/');
    expect([...byPath.keys()].sort()).toEqual(recorded.sort());
    expect(result.exchanges).toHaveLength(byPath.size);
    const kinds = Object.fromEntries([...byPath].map(([path, exchange]) => [path, exchange.resourceType]));
    expect(kinds).toMatchObject({
      '/old': 'document',
      '/app/main.js': 'script',
      '/app/chunk.js': 'script',
      '/static/abs-chunk.js': 'script',
      '/js/written.js': 'script',
      '/api/data.json': 'fetch',
      '/api/xhr.txt': 'xhr',
      '/api/worker.json': 'fetch',
      '/fonts/fixture.woff2': 'font',
      '/img/by-script.png': 'image',
      '/css/inserted.css': 'stylesheet',
      '/css/shadow.css': 'stylesheet',
    });
    const old = byPath.get('/old');
    expect(old?.initiator).toBeUndefined();
    expect(old?.response).toMatchObject({ status: 200, url: `${site.origin}/`, mimeType: 'text/html' });
    const data = byPath.get('/api/data.json');
    expect(data?.key).toBe(`GET ${site.origin}/api/data.json`);
    expect(data?.initiator).toEqual({ frameUrl: `${site.origin}/`, mainFrame: true });
    expect(data?.response.body.toString()).toBe('{"heading":"Heading from JSON"}');
  });

  it('records the PUT it never sends, keyed by its body', () => {
    const hash = createHash('sha256').update('{"saved":1}').digest('hex');
    expect(result.blocked).toEqual([
      expect.objectContaining({
        key: `PUT ${site.origin}/api/save sha256=${hash}`,
        method: 'PUT',
        reason: 'method',
        resourceType: 'fetch',
        requestBodySha256: hash,
      }),
    ]);
    expect(site.seen.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('reports its timings', () => {
    const { timings } = result;
    expect(timings.total).toBeGreaterThanOrEqual(timings.navigation + timings.settle);
    expect(timings.settle).toBeGreaterThanOrEqual(2 * 500);
    expect(timings.total).toBeLessThan(15_000);
  });
});
