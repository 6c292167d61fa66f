import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// A docs app built by its script whose search box loads its index only when someone types, as
// Docusaurus's local search plugin and many Hugo and Jekyll themes do (lunr's or Fuse's JSON):
// the first keystroke fetch()es /search-index.json, then each query filters it. No render typed,
// so offline the box found nothing and its fetch failed.
const PAGE = (title: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<script src="/app.js" defer></script></head><body><div id="app"></div></body></html>`;
const APP = `const app = document.getElementById('app');
const page = location.pathname === '/' ? 'Tide tables' : 'Moon phases';
app.innerHTML = '<h1>' + page + '</h1><nav><a href="/">Tide tables</a> <a href="/moon">Moon phases</a></nav>' +
  '<input type="search" placeholder="Search the almanac" aria-label="Search"><ul id="hits"></ul>';
let index;
document.querySelector('input').addEventListener('input', async (event) => {
  index ??= fetch('/search-index.json').then((r) => r.json());
  const words = event.target.value.toLowerCase();
  const hits = words ? (await index).filter((entry) => entry.title.toLowerCase().includes(words)) : [];
  document.getElementById('hits').innerHTML = hits.map((hit) => '<li><a href="' + hit.url + '">' + hit.title + '</a></li>').join('');
});`;
const INDEX = [
  { title: 'Lunar tides and the spring range', url: '/' },
  { title: 'The moon at perigee', url: '/moon' },
  { title: 'Neap tides', url: '/' },
];

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE('Tide tables') },
    '/moon': { body: PAGE('Moon phases') },
    '/app.js': { type: 'text/javascript', body: APP },
    '/search-index.json': { type: 'application/json', body: JSON.stringify(INDEX) },
  });
});
afterAll(() => site.close());

describe('a search box whose index loads as someone types', () => {
  it('is typed into by the render, emptied again, and searches offline in the live copy', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0 } });
    expect(site.hits.get('/search-index.json')).toBe(1);
    await withOfflineCopy(sink, 'sitezip-type-search-', async ({ open, requests }) => {
      const page = await open();
      // As saved: the box empty, no hit listed.
      expect(await page.locator('input').inputValue()).toBe('');
      expect(await page.locator('#hits li').count()).toBe(0);
      await page.locator('input').pressSequentially('tides');
      await expect.poll(() => page.locator('#hits li').allTextContents()).toEqual(['Lunar tides and the spring range', 'Neap tides']);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);

  it("in a mirror, types into the site's box once, and every page's copy searches offline", async () => {
    const before = site.hits.get('/search-index.json') ?? 0;
    const sink = new MemorySink();
    await archiveSite(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'always', renderTimeoutMs: 15_000 });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const pages = manifest.resources.filter((r) => r.render);
    expect(pages.map((r) => `${new URL(r.url).pathname} ${r.render?.output}`).sort()).toEqual(['/ live', '/moon live']);
    expect(site.hits.get('/search-index.json')! - before).toBe(1);
    await withOfflineCopy(sink, 'sitezip-type-search-site-', async ({ open, requests }) => {
      for (const path of ['index.html', pages.find((r) => r.url.endsWith('/moon'))!.path!]) {
        const page = await open(path);
        await page.locator('input').pressSequentially('moon');
        await expect.poll(() => page.locator('#hits li').allTextContents()).toEqual(['The moon at perigee']);
      }
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 90_000);
});
