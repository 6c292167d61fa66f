import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { BrowserHost } from '../src/render/index.js';
import { call } from '../src/render/in-page.js';
import { MARK_BUTTONS, nextPress } from '../src/render/press-buttons.js';
import { NOTES, moreButtonRoutes } from './render-more-buttons.fixture.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// See render-more-buttons.fixture.ts for the page.

let site: FixtureSite;
const posted: string[] = [];
beforeAll(async () => {
  site = await serveFixture(moreButtonRoutes(posted));
}, 30_000);
afterAll(() => site?.close());

describe('a live copy whose "Load more" button fetches by an address its script computes', () => {
  it('answers the button offline with what the render recorded by pressing it while it asked for more; a press that posts is refused', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`);
    expect(render?.output, JSON.stringify(render)).toBe('live');
    // Pressed again while it asked for more, until the list's end took the button away: each part asked for once.
    expect(site.hits.get('/api/notes?page=2')).toBe(1);
    expect(site.hits.get('/api/notes?page=3')).toBe(1);
    expect(posted).toEqual([]);
    expect(render?.refusedRequests?.some(({ method, url }) => method === 'POST' && url.endsWith('/api/read'))).toBe(true);
    await withOfflineCopy(sink, 'sitezip-more-buttons-', async ({ open, requests }) => {
      const copy = await open('index.html');
      // As read: the first part only, the button there.
      await expect.poll(() => copy.locator('#notes li').allTextContents()).toEqual(NOTES[1]!.items);
      await copy.locator('#more').click();
      await expect.poll(() => copy.locator('#notes li').allTextContents()).toEqual([...NOTES[1]!.items, ...NOTES[2]!.items]);
      await copy.locator('#more').click();
      await expect.poll(() => copy.locator('#notes li').allTextContents()).toEqual([...NOTES[1]!.items, ...NOTES[2]!.items, ...NOTES[3]!.items]);
      expect(await copy.locator('#more').count()).toBe(0);
      expect(await copy.locator('#status').textContent()).toBe('');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);

  it('in a mirror too, for a page read to its end without an early read', async () => {
    const sink = new MemorySink();
    await archiveSite(`${site.origin}/about`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'always', renderTimeoutMs: 30_000 });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const notes = manifest.resources.find((resource) => resource.url === `${site.origin}/`);
    expect(notes?.render?.output, JSON.stringify(notes?.render)).toBe('live');
    await withOfflineCopy(sink, 'sitezip-more-buttons-site-', async ({ open, requests }) => {
      const copy = await open(notes!.path);
      await expect.poll(() => copy.locator('#notes li').count()).toBe(3);
      await copy.locator('#more').click();
      await expect.poll(() => copy.locator('#notes li').count()).toBe(6);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 90_000);

  it('presses only shown, enabled buttons whose label asks for more, not links that lead somewhere nor submit buttons nor a carousel', async () => {
    const host = new BrowserHost();
    try {
      const { context } = await host.open();
      const page = await context.newPage();
      await page.setContent(`<!doctype html>
        <button>Load more</button><button>Show 12 more comments</button><a href="#">View all results</a><span role="button">Older posts</span>
        <button aria-label="Next page of results">›</button><a>Load more replies</a><button>Load more</button>
        <button>Next slide</button><button>Previous</button><button>Accept all</button><button>Menu</button>
        <a href="/page/2">Load more</a><form><button>Show all</button></form><button disabled>Load more</button>
        <button hidden>Load more</button><button>Load more of the things this button's very long label goes on about for ever</button>`);
      const labels = (await page.evaluate(call(MARK_BUTTONS, { max: 10, kind: 'more' }))) as string[];
      expect(labels).toEqual(['Load more', 'Show 12 more comments', 'View all results', 'Older posts', 'Next page of results', 'Load more replies', 'Load more']);
      const marked = await page.locator('[data-sitezip-press]').evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? element.textContent));
      expect(marked).toEqual(labels);
    } finally {
      await host.close();
    }
  }, 60_000);

  it('presses again a button whose last press asked for something, else one not pressed yet', () => {
    expect(nextPress(['Load more', 'Show all'], new Map())).toBe(0);
    expect(nextPress(['Show all', 'Load more'], new Map([['Load more', true]]))).toBe(1);
    expect(nextPress(['Load more', 'Show all'], new Map([['Load more', false]]))).toBe(1);
    expect(nextPress(['Load more'], new Map([['Load more', false]]))).toBeUndefined();
  });
});
