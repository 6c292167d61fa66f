import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../src/index.js';
import { serveFixture, type FixtureRoute, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// A hash router's page, written on the server with its home note: its script shows the note a
// route names (`#/tides`), fetched as JSON. A reader who pastes the address of one note wants
// that note; the address sent to the server is the same for every note.
const HOME = 'Harbour notes: tides, moorings and the harbour master’s office hours, kept by the harbour’s volunteers.';
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Harbour notes</title></head><body>
<nav><a href="#/">Home</a> <a href="#/tides">Tides</a> <a href="#/moorings">Moorings</a></nav>
<main id="note"><p>${HOME}</p></main>
<script src="/router.js"></script></body></html>`;
const ROUTER = `const home = document.getElementById('note').innerHTML;
function show() {
  const name = location.hash.replace(/^#\\//, '');
  if (!name) return void (document.getElementById('note').innerHTML = home);
  fetch('/notes/' + name + '.json').then((r) => r.json()).then((note) => {
    document.getElementById('note').innerHTML = '<h1>' + note.title + '</h1><p>' + note.text + '</p>';
  });
}
addEventListener('hashchange', show);
show();`;

const MOORINGS = JSON.stringify({ title: 'Moorings', text: 'Visitors moor on the east pontoon.' });
/** Longer than the render gives a route's visit (hash-routes.ts): its answer comes after the page went back. */
const LATE_MS = 2_500;

const harbour = (moorings: FixtureRoute): Record<string, FixtureRoute> => ({
  '/': { body: PAGE },
  '/router.js': { type: 'text/javascript', body: ROUTER },
  '/notes/tides.json': { type: 'application/json', body: JSON.stringify({ title: 'Tides', text: 'High water at 06:42, 4.1 m; low water at 12:55.' }) },
  '/notes/moorings.json': moorings,
});

// A Backbone-style app: routes without a first slash (`#item/alpha`, `#search/all`), a list its
// script fetches on load, and a search route that fetches the list's second page into the same
// collection, so that the home page lists six items once a reader searched, three before.
const SHOP = `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head><body>
<nav><a href="#">Home</a> <a href="#item/alpha">Alpha</a> <a href="#search/all">Search all</a></nav>
<main id="view">Loading…</main><script src="/shop.js"></script></body></html>`;
const SHOP_JS = `const items = [];
const view = document.getElementById('view');
const load = (page) => fetch('/items-' + page + '.json').then((r) => r.json()).then((more) => items.push(...more));
const first = load(1);
function show() {
  const [route, arg] = location.hash.replace(/^#/, '').split('/');
  if (route === 'item') return void fetch('/item/' + arg + '.json').then((r) => r.json()).then((item) => (view.innerHTML = '<h1>' + item.name + '</h1><p>' + item.text + '</p>'));
  if (route === 'search') return void first.then(() => load(2)).then(() => (view.innerHTML = '<h1>Results</h1><p>' + items.length + ' items</p>'));
  first.then(() => (view.innerHTML = '<h1>All items</h1><ul>' + items.map((name) => '<li>' + name + '</li>').join('') + '</ul>'));
}
addEventListener('hashchange', show);
show();`;
const shop: Record<string, FixtureRoute> = {
  '/': { body: SHOP },
  '/shop.js': { type: 'text/javascript', body: SHOP_JS },
  '/items-1.json': { type: 'application/json', body: JSON.stringify(['Alpha', 'Beta', 'Gamma']) },
  '/items-2.json': { type: 'application/json', body: JSON.stringify(['Delta', 'Epsilon', 'Zeta']) },
  '/item/alpha.json': { type: 'application/json', body: JSON.stringify({ name: 'Alpha', text: 'The first of the items, in stock.' }) },
};

let site: FixtureSite;
let late: FixtureSite;
let shopSite: FixtureSite;
beforeAll(async () => {
  site = await serveFixture(harbour({ type: 'application/json', body: MOORINGS }));
  shopSite = await serveFixture(shop);
  late = await serveFixture(
    harbour({ handle: (_request, response) => void setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(MOORINGS), LATE_MS) }),
  );
});
afterAll(() => Promise.all([site.close(), late.close(), shopSite.close()]));

describe('a start address with a hash route', () => {
  it('is rendered at that route, and its live copy opens there from its folder', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/#/tides`, { render: 'auto' });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    expect(render?.reason).toContain('#/tides');
    await withOfflineCopy(sink, 'sitezip-hash-route-', async ({ open, requests }) => {
      const page = await open();
      await expect.poll(() => page.locator('#note h1').textContent()).toBe('Tides');
      expect(await page.evaluate(() => location.hash)).toBe('#/tides');
      // Its router still moves: the other note's answer was recorded when the render visited its link.
      await page.click('text=Moorings');
      await expect.poll(() => page.locator('#note h1').textContent()).toBe('Moorings');
      expect(requests).toEqual({ online: [], failed: [] });
    });
    expect((JSON.parse(sink.text('sitezip-manifest.json')) as Manifest).url).toBe(`${site.origin}/`);
  }, 60_000);

  it('with a plain fragment, is the page as written: its copy opens at no route', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/#install`, { render: 'auto' });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    expect(render?.reason).not.toContain('#');
    await withOfflineCopy(sink, 'sitezip-hash-route-', async ({ open }) => {
      const page = await open();
      await expect.poll(() => page.locator('#note p').textContent()).toBe(HOME);
      expect(await page.evaluate(() => location.hash)).toBe('');
    });
  }, 60_000);

  it('is read at its own route when a route it visited answers late', async () => {
    const { sink, render } = await renderOnce(`${late.origin}/#install`, { render: 'auto' });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-hash-route-', async ({ open }) => {
      const page = await open();
      await expect.poll(() => page.locator('#note p').textContent()).toBe(HOME);
      expect(await page.locator('#note h1').count()).toBe(0);
    });
  }, 60_000);

  it("is a Backbone router's route without a first slash, and its copy opens there", async () => {
    const { sink, render } = await renderOnce(`${shopSite.origin}/#item/alpha`, { render: 'auto' });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-hash-route-', async ({ open }) => {
      const page = await open();
      await expect.poll(() => page.locator('#view h1').textContent()).toBe('Alpha');
      expect(await page.evaluate(() => location.hash)).toBe('#item/alpha');
    });
  }, 60_000);

  it('is read as first loaded when the routes it visited changed what its app holds', async () => {
    const { sink, render } = await renderOnce(`${shopSite.origin}/`, { render: 'auto' });
    // Read after the visits without loading it again: six items, a page no reader saw, whose live copy (three) failed its check.
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-hash-route-', async ({ open, requests }) => {
      const page = await open();
      await expect.poll(() => page.locator('#view li').count()).toBe(3);
      // The visits' answers are recorded: the search route works offline.
      await page.click('text=Search all');
      await expect.poll(() => page.locator('#view p').textContent()).toBe('6 items');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
