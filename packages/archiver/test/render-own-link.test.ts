import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// A menu that marks the link to where it is by comparing each link's href with location, and
// asks for the route data of the links it shows (as Qwik City's prefetch does, by the link's
// pathname): in the live copy the link to the page itself is the page's file, which named
// another route, never recorded.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Guide</title></head><body>
<nav><a id="home" href="/guide/">Guide</a> <a href="/guide/next">Next</a></nav><p id="where">…</p>
<script>
  const home = document.getElementById('home');
  if (home.href === location.href) home.className = 'active';
  const path = new URL(home.href).pathname;
  fetch(path + (path.endsWith('/') ? '' : '/') + 'data.json').then((r) => r.json()).then((d) => {
    document.getElementById('where').textContent = (home.className === 'active' ? 'Here: ' : 'Elsewhere: ') + d.title;
  });
</script></body></html>`;

// A search page that shows a summary of each hit, fetched by an address relative to the page, as
// Sphinx's does: saved as the copy's index.html, its script's './index.html' is the site's home
// online, not the page itself.
const SEARCH = `<!doctype html><html><head><meta charset="utf-8"><title>Search</title></head><body>
<h1>Search</h1><ul id="hits"><li><a href="index.html">Home</a> <span class="summary">…</span></li></ul>
<script>
  fetch('./index.html').then((r) => r.text()).then((html) => {
    document.querySelector('.summary').textContent = new DOMParser().parseFromString(html, 'text/html').querySelector('p').textContent;
  });
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/guide/': { body: PAGE },
    '/guide/data.json': { type: 'application/json', body: JSON.stringify({ title: 'The guide' }) },
    '/search.html': { body: SEARCH },
    '/index.html': { body: '<!doctype html><title>Home</title><p>Tide tables and harbour notices, kept by volunteers.</p>' },
  });
});
afterAll(() => site.close());

describe("a live copy's link to the page itself", () => {
  it("reads as the page's address online, so the page's scripts find where they are", async () => {
    const { sink, render } = await renderOnce(`${site.origin}/guide/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-own-link-', async ({ open, requests }) => {
      const page = await open();
      await expect.poll(() => page.locator('#where').textContent()).toBe('Here: The guide');
      // A click on it still loads the copy's file.
      expect(await page.locator('#home').getAttribute('href')).toBe('index.html');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);

  it("is not what a script's relative address names: that is the site's page of that name online", async () => {
    const { sink, render } = await renderOnce(`${site.origin}/search.html`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-own-name-', async ({ open, requests }) => {
      const page = await open();
      await expect.poll(() => page.locator('.summary').textContent()).toBe('Tide tables and harbour notices, kept by volunteers.');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
