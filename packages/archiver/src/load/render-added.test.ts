import { describe, expect, it } from 'vitest';
import type { FetchedResource } from '../fetch/fetcher.js';
import type { BrowserResponse, LoadedPage } from './page-loader.js';
import { renderAddedNothing, whatRenderAdded } from './render-added.js';
import { loadedPage } from './static-loader.js';

const URL_ = 'https://example.test/guide/';

function response(url: string, body: string, mimeType = 'text/html'): FetchedResource {
  return { requestedUrl: url, url, status: 200, headers: {}, mimeType, charset: 'utf-8', body: Buffer.from(body), redirects: [] };
}

function loaded(html: string): LoadedPage {
  const ctx = { fetcher: undefined as never, signal: new AbortController().signal, options: { maxPageReferences: 1000 }, offer: () => undefined, prefetch: async () => undefined, has: () => false };
  return loadedPage(ctx, response(URL_, html));
}

const SERVED = `<html><head><link rel="stylesheet" href="/site.css"></head><body><input id="q"><ul id="hits"></ul>
<h1>Packing light</h1><p>What to carry for a week on the trail, and what to leave at home.</p><script src="/search.js"></script></body></html>`;

function browserResponse(url: string, type: BrowserResponse['type']): BrowserResponse {
  return { key: `GET ${url}`, method: 'GET', url, type, response: response(url, '', 'text/plain') };
}

/** The page rendered from `served`: its DOM as `html`, with the browser's responses. */
function rendered(html: string, extra: BrowserResponse[] = [], more: Partial<LoadedPage> = {}, served = SERVED): LoadedPage {
  const browserResponses = [
    browserResponse(URL_, 'document'),
    browserResponse('https://example.test/site.css', 'stylesheet'),
    browserResponse('https://example.test/search.js', 'script'),
    // A stylesheet's background: no markup names it.
    browserResponse('https://example.test/bg.png', 'image'),
    ...extra,
  ];
  return { ...loaded(html), served: loaded(served), browserResponses, ...more };
}

describe('renderAddedNothing', () => {
  it('is true when the rendered page is the served one, its scripts having set attributes and asked for nothing', () => {
    expect(renderAddedNothing(rendered(SERVED.replace('<html>', '<html class="js" data-theme="dark">')))).toBe(true);
  });

  it('is true when what the browser loaded for a link is named by the served HTML (a prefetch)', () => {
    const served = SERVED.replace('</head>', '<link rel="prefetch" href="/guide/next/"></head>');
    expect(renderAddedNothing(rendered(served, [browserResponse('https://example.test/guide/next/', 'other')], {}, served))).toBe(true);
  });

  it('reads character references as the characters they are (served HTML writes them out, the DOM does not)', () => {
    const code = (quote: string) => `<pre><code>${`const answer = fetch(${quote}/api${quote}, { method: ${quote}GET${quote} });\n`.repeat(20)}</code></pre>`;
    const served = SERVED.replace('<h1>', `${code('&quot;')}<h1>`);
    expect(renderAddedNothing(rendered(SERVED.replace('<h1>', `${code('"')}<h1>`), [], {}, served))).toBe(true);
  });

  it('is false when the scripts wrote text into the page', () => {
    const written = SERVED.replace('<ul id="hits"></ul>', `<ul id="hits">${'<li>Popular: Finding water on a dry ridge</li>'.repeat(3)}</ul>`);
    expect(renderAddedNothing(rendered(written))).toBe(false);
  });

  it('is false when the browser asked for data, or for code or a frame no markup of the served page names', () => {
    expect(renderAddedNothing(rendered(SERVED, [browserResponse('https://example.test/index.json', 'fetch')]))).toBe(false);
    expect(renderAddedNothing(rendered(SERVED, [browserResponse('https://example.test/chunk-1.js', 'script')]))).toBe(false);
    expect(renderAddedNothing(rendered(SERVED, [browserResponse('https://example.test/widget.html', 'document')]))).toBe(false);
    expect(renderAddedNothing(rendered(SERVED, [browserResponse('https://example.test/next-route.json', 'other')]))).toBe(false);
    expect(renderAddedNothing(rendered(SERVED, [], { workerScripts: ['https://example.test/worker.js'] }))).toBe(false);
  });

  it('names the GETs its scripts made when they, and the text written from them, are all it gave', () => {
    const written = SERVED.replace('<ul id="hits"></ul>', `<ul id="hits">${'<li>Popular: Finding water on a dry ridge</li>'.repeat(3)}</ul>`);
    const asked = [browserResponse('https://example.test/index.json', 'fetch'), browserResponse('https://example.test/popular.json', 'xhr')];
    expect(whatRenderAdded(rendered(written, asked))?.asked).toEqual(['GET https://example.test/index.json', 'GET https://example.test/popular.json']);
    // Anything else it gave besides: no list (a live copy answered from the requests would lack it).
    expect(whatRenderAdded(rendered(SERVED, [...asked, browserResponse('https://example.test/chunk-1.js', 'script')]))?.asked).toBeUndefined();
    expect(whatRenderAdded(rendered(SERVED, asked, { workerScripts: ['https://example.test/worker.js'] }))?.asked).toBeUndefined();
    expect(whatRenderAdded(rendered(written))?.asked).toBeUndefined();
  });

  it("is true when an element the scripts added loads a file the served page's stylesheet names (a font's preload)", () => {
    const css = { ...browserResponse('https://example.test/site.css', 'stylesheet'), response: response('https://example.test/site.css', '@font-face { font-family: Serif; src: url(fonts/serif.woff2) }', 'text/css') };
    const added = SERVED.replace('</head>', '<link rel="preload" as="font" href="/fonts/serif.woff2"></head>');
    const page = rendered(added, [browserResponse('https://example.test/fonts/serif.woff2', 'font')]);
    expect(renderAddedNothing({ ...page, browserResponses: [css, ...page.browserResponses!.filter((r) => r.type !== 'stylesheet')] })).toBe(true);
  });

  it('is false when an element the scripts added loads a file', () => {
    const added = SERVED.replace('<h1>', '<img src="/badge.png"><h1>');
    expect(renderAddedNothing(rendered(added, [browserResponse('https://example.test/badge.png', 'image')]))).toBe(false);
  });
});
