import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

// As API references are (Redoc, openapi-explorer): an element names its document in an attribute,
// and its script resolves that against `location` and reads a file: address without fetch() (so,
// from a copy, nothing). One element is read with getAttribute, the other hears of its attribute
// as a custom element does. And a logo of a third party the render could not reach.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Reference</title></head><body>
<api-ref spec-url="data/spec.json"></api-ref><spec-view spec-url="/data/spec.json"></spec-view>
<script>
  const show = (element, value) => {
    const url = new URL(value, location.href);
    if (url.protocol !== 'http:') return void (element.textContent = 'no document');
    fetch(url).then((r) => r.json()).then((spec) => { element.textContent = spec.title + ' (' + element.localName + ')'; });
  };
  customElements.define('spec-view', class extends HTMLElement {
    static get observedAttributes() { return ['spec-url']; }
    attributeChangedCallback(name, before, value) { show(this, value); }
  });
  const ref = document.querySelector('api-ref');
  show(ref, ref.getAttribute('spec-url'));
  const logo = document.createElement('img');
  logo.alt = '';
  logo.src = 'http://127.0.0.1:1/logo.svg';
  document.body.append(logo);
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    // Its layer for <base> wraps getAttribute too, after this one.
    '/based.html': { body: PAGE.replace('<head>', '<head><base href="/">') },
    '/data/spec.json': { type: 'application/json', body: JSON.stringify({ title: 'Clinic API' }) },
  });
});
afterAll(() => site.close());

describe('a live copy of a page that names its data in attributes and had a request fail', () => {
  it.each(['/', '/based.html'])('%s reads the attribute as the address online, fails what failed in the render without a request, and is kept', async (path) => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}${path}`, sink, { allowPrivateNetworks: true, retries: 0, render: 'always', renderTimeoutMs: 15_000 });
    const render = (JSON.parse(sink.text('sitezip-manifest.json')) as Manifest).resources[0]?.render;
    expect(render?.refusedRequests?.map(({ url }) => url)).toEqual(['http://127.0.0.1:1/logo.svg']);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    const html = sink.text('index.html');
    // The copy keeps the attributes as written: they are read as online addresses only by its scripts.
    expect(html).toContain('<api-ref spec-url="data/spec.json">');
  }, 60_000);
});

// Addresses a script builds from the page's own (here `document.baseURI`, which no rewrite of
// the scripts reaches; swagger-ui's validator badge did so from `location` before): a badge that
// names the page's document in its query, encoded and as written. From a copy they name the
// file; read as online, they are the request the render recorded.
const BADGE_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Badge</title></head><body><p>Spec status</p>
<script>
  const badge = document.createElement('img');
  badge.src = '/badge.svg?url=' + encodeURIComponent(new URL('data/spec.json', document.baseURI).href) + '&raw=' + new URL('data/spec.json', document.baseURI).href;
  document.body.append(badge);
</script></body></html>`;

describe('a live copy of a page whose scripts build addresses from location', () => {
  it('reads the file: addresses in them as the page online, and asks nothing it cannot have', async () => {
    const badge = await serveFixture({
      '/docs/': { body: BADGE_PAGE },
      '/docs/data/spec.json': { type: 'application/json', body: '{}' },
      '/badge.svg': { handle: (request, response) => {
        response.writeHead(request.url?.includes(encodeURIComponent('http://')) ? 200 : 404, { 'content-type': 'image/svg+xml' });
        response.end('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="green"/></svg>');
      } },
    });
    try {
      const sink = new MemorySink();
      await archivePage(`${badge.origin}/docs/`, sink, { allowPrivateNetworks: true, retries: 0, render: 'always', renderTimeoutMs: 15_000 });
      const render = (JSON.parse(sink.text('sitezip-manifest.json')) as Manifest).resources[0]?.render;
      expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    } finally {
      await badge.close();
    }
  }, 60_000);
});
