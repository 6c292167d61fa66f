import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { SITE_RESPONSES_PATH } from '../src/capture/site-responses.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';

// Pages that load, for a link the reader points at, the data the linked page loads for itself
// (Gatsby's page data, prefetched three seconds after load and loaded on a hover): a render goes
// quiet long before, so the page's own recording lacks it, while the linked page's has it. Offline
// the copy of the first page answers from the second page's replay file, by fetch() and by XHR.

const PAGES = ['harbour', 'lighthouse'];
const text = (name: string) => `The ${name} page, as its own script fetched it`;
const page = (name: string, other: string) => ({
  body: `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title></head><body>
<a href="/${other}.html" id="link">${other}</a><p id="own"></p><p id="fetched"></p><p id="xhr"></p>
<script>
fetch('/data/${name}.json').then((r) => r.json()).then((d) => { document.getElementById('own').textContent = d.text; });
window.loadLinked = () => fetch('/data/${other}.json').then((r) => r.json()).then((d) => { document.getElementById('fetched').textContent = d.text; });
window.loadLinkedXhr = () => {
  const xhr = new XMLHttpRequest();
  xhr.open('GET', '/data/${other}.json');
  xhr.responseType = 'json';
  xhr.onload = () => { document.getElementById('xhr').textContent = xhr.response.text; };
  xhr.send();
};
</script></body></html>`,
});

let site: FixtureSite;
let manifest: Manifest;
let sink: MemorySink;
beforeAll(async () => {
  site = await serveFixture({
    '/': page('harbour', 'lighthouse'),
    '/lighthouse.html': page('lighthouse', 'harbour'),
    ...Object.fromEntries(PAGES.map((name) => [`/data/${name}.json`, { type: 'application/json', body: JSON.stringify({ text: text(name) }) }])),
  });
  sink = new MemorySink();
  await archiveSite(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'always', renderTimeoutMs: 30_000 });
  manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  expect(sink.text(SITE_RESPONSES_PATH)).toContain(`GET ${site.origin}/data/lighthouse.json`);
}, 180_000);
afterAll(() => site?.close());

describe("a live page of a mirror that asks for what another page's render recorded", () => {
  it('is answered offline from that page\'s replay file, by fetch() and by XHR', async () => {
    const pages = manifest.resources.filter((r) => r.render);
    expect(pages.map((r) => r.render?.output), JSON.stringify(pages.map((r) => r.render))).toEqual(['live', 'live']);
    await withOfflineCopy(sink, 'sitezip-site-responses-', async ({ open, requests }) => {
      const copy = await open();
      await expect.poll(() => copy.locator('#own').textContent()).toBe(text('harbour'));
      await copy.evaluate(() => (window as unknown as { loadLinked(): void }).loadLinked());
      await expect.poll(() => copy.locator('#fetched').textContent()).toBe(text('lighthouse'));
      await copy.evaluate(() => (window as unknown as { loadLinkedXhr(): void }).loadLinkedXhr());
      await expect.poll(() => copy.locator('#xhr').textContent()).toBe(text('lighthouse'));
      // The page's own data is still its own.
      expect(await copy.locator('#own').textContent()).toBe(text('harbour'));
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});

// Pages that each fetch the same large file as they load (gi-docgen's search index of their
// library, 892 KB): the mirror keeps it once, in the replay file of the first page kept live, and
// the other pages' copies ask that file for it offline.
describe('a large answer every live page of a mirror asks for', () => {
  const NAMES = ['anchor', 'buoy', 'capstan'];
  const index = { symbols: Array.from({ length: 2_000 }, (_, i) => `symbol_${i}_of_the_search_index`) };
  const shared = (name: string, next: string) => ({
    body: `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title></head><body>
<h1>${name}</h1><a href="/${next}.html">${next}</a><p id="count"></p>
<script>
const xhr = new XMLHttpRequest();
xhr.open('GET', '/search/index.json');
xhr.onload = () => { document.getElementById('count').textContent = JSON.parse(xhr.responseText).symbols.length + ' symbols'; };
xhr.send();
</script></body></html>`,
  });
  let bigSite: FixtureSite;
  let bigSink: MemorySink;
  beforeAll(async () => {
    bigSite = await serveFixture({
      '/': shared(NAMES[0]!, NAMES[1]!),
      [`/${NAMES[1]}.html`]: shared(NAMES[1]!, NAMES[2]!),
      [`/${NAMES[2]}.html`]: shared(NAMES[2]!, NAMES[0]!),
      '/search/index.json': { type: 'application/json', body: JSON.stringify(index) },
    });
    bigSink = new MemorySink();
    await archiveSite(`${bigSite.origin}/`, bigSink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'always', renderTimeoutMs: 30_000 });
  }, 180_000);
  afterAll(() => bigSite?.close());

  it('is kept in one replay file, and every page shows it offline', async () => {
    const manifest = JSON.parse(bigSink.text('sitezip-manifest.json')) as Manifest;
    const pages = manifest.resources.filter((r) => r.render);
    expect(pages.map((r) => r.render?.output)).toEqual(['live', 'live', 'live']);
    const body = Buffer.from(JSON.stringify(index)).toString('base64');
    const holding = [...bigSink.files].filter(([path, data]) => /(^|[./])sitezip-replay\.js$/.test(path) && data.toString().includes(body));
    expect(holding).toHaveLength(1);
    await withOfflineCopy(bigSink, 'sitezip-shared-answer-', async ({ open, requests }) => {
      for (const entry of pages) {
        const copy = await open(entry.url === `${bigSite.origin}/` ? 'index.html' : entry.path);
        await expect.poll(() => copy.locator('#count').textContent()).toBe('2000 symbols');
        await copy.close();
      }
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
