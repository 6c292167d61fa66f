import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';

// A web-component app (Lit's: its cards and its nav inside shadow roots) draws its links there.
// A click on one reaches the page as a click on the component's host: the live copy's layer must
// find the link along the event's path and go to the page's local copy, not leave the click to
// the app's router, which sends the browser to the site's path on the disk.

const TALKS = { signals: 'Signals all the way down', duckdb: 'DuckDB in the browser' };
const APP = `customElements.define('talk-list', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    fetch('/data/talks.json').then((r) => r.json()).then((talks) => {
      for (const [id, title] of Object.entries(talks)) {
        const link = document.createElement('a');
        link.href = '/talks/' + id;
        link.id = id;
        link.textContent = title;
        link.style.display = 'block';
        root.append(link);
      }
    });
  }
});
// The app's router: a click it sees on a link of its own becomes a route of the page.
addEventListener('click', (event) => {
  const link = event.composedPath().find((node) => node instanceof HTMLAnchorElement);
  if (!link) return;
  event.preventDefault();
  history.pushState(null, '', link.getAttribute('href'));
  document.querySelector('h1').textContent = 'Routed to ' + location.pathname;
});`;
const page = (title: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1><talk-list></talk-list><script src="/app.js"></script></body></html>`;

let site: FixtureSite;
let sink: MemorySink;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: page('DevHarbour 2027') },
    ...Object.fromEntries(Object.entries(TALKS).map(([id, title]) => [`/talks/${id}`, { body: page(title) }])),
    '/app.js': { type: 'text/javascript', body: APP },
    '/data/talks.json': { type: 'application/json', body: JSON.stringify(TALKS) },
  });
  sink = new MemorySink();
  await archiveSite(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'always', renderTimeoutMs: 30_000 });
}, 180_000);
afterAll(() => site?.close());

describe('a live copy whose links are in shadow roots', () => {
  it('goes to the local copy of the page a link leads to, clicked where the reader clicks', async () => {
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const rendered = manifest.resources.filter((r) => r.render);
    expect(rendered.map((r) => r.render?.output), JSON.stringify(rendered.map((r) => r.render))).toEqual(['live', 'live', 'live']);
    const talk = rendered.find((r) => r.url.endsWith('/talks/duckdb'))?.path ?? 'none';
    await withOfflineCopy(sink, 'sitezip-shadow-links-', async ({ open, requests }) => {
      const copy = await open();
      await copy.locator('talk-list #duckdb').click();
      await copy.waitForURL((url) => url.href.endsWith(talk), { timeout: 10_000 });
      await expect.poll(() => copy.locator('h1').textContent()).toBe(TALKS.duckdb);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
