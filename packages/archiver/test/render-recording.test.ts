import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../src/fetch/http-fetcher.js';
import { parseOptions } from '../src/options.js';
import { BrowserHost, parseRenderLimits, renderPage, type RenderResult } from '../src/render/index.js';
import { PNG_1PX } from './support/fixture-site.js';
import { BROWSER_UA, FETCHER_UA, serveRecorded, type RecordedSite } from './support/render-site.js';

// A page that is nothing until its scripts run: every way a script asks for something, each
// of which must reach the server once, through the engine's fetcher.
const INDEX = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Loading</title>
<script type="module" src="/app/main.js"></script>
</head><body>
<main id="app">Loading…</main>
<div id="shadow-host"></div>
<ol id="log"></ol>
<div style="height: 3000px"></div>
<div id="lazy"></div>
<script>document.write('<p id="written">written by document.write</p><script src="/js/written.js"><\\/script>');</script>
</body></html>`;

const MAIN = `
const add = (name, value) => {
  const item = document.createElement('li');
  item.textContent = name + ': ' + value;
  document.getElementById('log').append(item);
};
const data = await (await fetch('/api/data.json')).json();
document.getElementById('app').innerHTML = '<h1>' + data.heading + '</h1>';
document.title = 'Built by script';

const xhr = new XMLHttpRequest();
xhr.open('GET', '/api/xhr.txt');
xhr.onload = () => add('xhr', xhr.responseText);
xhr.send();

fetch('/api/save', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ saved: 1 }) })
  .then((response) => add('post', response.status), () => add('post', 'refused'));

add('chunk', (await import('./chunk.js')).name);
add('absolute chunk', (await import('/static/abs-chunk.js')).name);

const worker = new Worker('/app/worker.js');
worker.onmessage = (event) => add('worker', event.data);

new FontFace('Fixture', 'url(/fonts/fixture.woff2)').load().then(() => add('font', 'loaded'), () => add('font', 'not a font'));

const image = new Image();
image.onload = () => add('image', image.naturalWidth + 'px');
image.src = '/img/by-script.png';
document.body.append(image);

const link = document.createElement('link');
link.rel = 'stylesheet';
link.href = '/css/inserted.css';
document.head.append(link);

const shadow = document.getElementById('shadow-host').attachShadow({ mode: 'open' });
shadow.innerHTML = '<link rel="stylesheet" href="/css/shadow.css"><p class="inside">shadow content</p>';

new IntersectionObserver((entries, observer) => {
  if (!entries.some((entry) => entry.isIntersecting)) return;
  observer.disconnect();
  const lazy = new Image();
  lazy.src = '/img/lazy.png';
  lazy.onload = () => add('lazy', 'shown after scrolling');
  document.getElementById('lazy').append(lazy);
}).observe(document.getElementById('lazy'));
`;

const js = (body: string) => ({ type: 'text/javascript', body });

const ROUTES = {
  '/old': { status: 301, headers: { location: '/' } },
  '/': { body: INDEX },
  '/app/main.js': js(MAIN),
  '/app/chunk.js': js(`export const name = 'relative chunk';`),
  '/static/abs-chunk.js': js(`export const name = 'from an absolute path';`),
  '/app/worker.js': js(`fetch('/api/worker.json').then((r) => r.json()).then((d) => postMessage(d.from));`),
  '/js/written.js': js(`document.getElementById('written').dataset.script = 'ran';`),
  '/api/data.json': { type: 'application/json', body: JSON.stringify({ heading: 'Heading from JSON' }) },
  '/api/xhr.txt': { type: 'text/plain', body: 'text by XHR' },
  '/api/worker.json': { type: 'application/json', body: JSON.stringify({ from: 'fetched in a worker' }) },
  '/api/save': { type: 'application/json', body: '{"ok":true}' },
  '/fonts/fixture.woff2': { type: 'font/woff2', body: 'not really a font' },
  '/img/by-script.png': { type: 'image/png', body: PNG_1PX },
  '/img/lazy.png': { type: 'image/png', body: PNG_1PX },
  '/img/bg.png': { type: 'image/png', body: PNG_1PX },
  '/css/inserted.css': { type: 'text/css', body: 'body { background: url(/img/bg.png) }' },
  '/css/shadow.css': { type: 'text/css', body: '.inside { color: green }' },
};

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
      'post: refused',
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

  it('records the POST it could not send, keyed by its body', () => {
    const hash = createHash('sha256').update('{"saved":1}').digest('hex');
    expect(result.blocked).toEqual([
      expect.objectContaining({
        key: `POST ${site.origin}/api/save sha256=${hash}`,
        method: 'POST',
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
