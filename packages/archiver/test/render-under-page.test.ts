import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';

// Qwik City's links fetch the data of the page they lead to at an address built from the link:
// its path, a slash, `q-data.json` (`/menu/` → `/menu/q-data.json`), as soon as the link shows.
// In a mirror the copy points the link at the page's file, so the address built offline is
// `menu/index.html/q-data.json`: the copy must read it as the address under that page online.

const PAGES: Record<string, string> = { '/': 'Crumb & Co', '/menu/': 'Our menu', '/about/': 'About the bakery' };
const page = (title: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>
<nav>${Object.entries(PAGES).map(([path, name]) => `<a href="${path}">${name}</a>`).join(' ')}</nav>
<h1>${title}</h1><ul id="previews"></ul>
<script>
for (const link of document.querySelectorAll('nav a')) {
  const path = new URL(link.href).pathname;
  fetch(path + (path.endsWith('/') ? '' : '/') + 'q-data.json').then((r) => r.json()).then((data) => {
    const item = document.createElement('li');
    item.textContent = data.title + ': ' + data.lede;
    document.getElementById('previews').append(item);
  });
}
</script></body></html>`;
const lede = (title: string) => `${title}, in a sentence fetched for the link`;

let site: FixtureSite;
let sink: MemorySink;
let manifest: Manifest;
beforeAll(async () => {
  site = await serveFixture(
    Object.fromEntries(
      Object.entries(PAGES).flatMap(([path, title]) => [
        [path, { body: page(title) }],
        [`${path}q-data.json`, { type: 'application/json', body: JSON.stringify({ title, lede: lede(title) }) }],
      ]),
    ),
  );
  sink = new MemorySink();
  await archiveSite(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'always', renderTimeoutMs: 30_000 });
  manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
}, 180_000);
afterAll(() => site?.close());

describe("a mirror's page whose script asks for data under the address of each page it links to", () => {
  it('is kept live: offline the address built from a link to a page file is read under that page online', async () => {
    const rendered = manifest.resources.filter((r) => r.render);
    expect(rendered.map((r) => [new URL(r.url).pathname, r.render?.output]), JSON.stringify(rendered.map((r) => r.render))).toEqual([
      ['/', 'live'],
      ['/menu/', 'live'],
      ['/about/', 'live'],
    ]);
    await withOfflineCopy(sink, 'sitezip-under-page-', async ({ open, requests }) => {
      for (const path of ['index.html', rendered[1]!.path]) {
        const copy = await open(path);
        await expect.poll(() => copy.locator('#previews li').count()).toBe(3);
        expect((await copy.locator('#previews li').allTextContents()).sort()).toEqual(Object.values(PAGES).map((title) => `${title}: ${lede(title)}`).sort());
      }
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
