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
