import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { BrowserHost } from '../src/render/index.js';
import { call } from '../src/render/in-page.js';
import { MARK_BUTTONS } from '../src/render/press-buttons.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { CHOICE, PRESSES, pressControlRoutes, SHADOW_PRESS, SHOWN } from './render-press-controls.fixture.js';
import { renderOnce } from './support/render-once.js';

// See render-press-controls.fixture.ts for the page.

let site: FixtureSite;
const posted: string[] = [];
beforeAll(async () => {
  site = await serveFixture(pressControlRoutes(posted));
}, 30_000);
afterAll(() => site?.close());

/** Presses each control of the copy at `path` offline and reads what it shows. */
async function pressedOffline(sink: MemorySink, path: string): Promise<void> {
  await withOfflineCopy(sink, 'sitezip-press-controls-', async ({ open, requests }) => {
    const copy = await open(path);
    await expect.poll(() => copy.locator('#intro').textContent()).toBe('A kettle for the hills.');
    for (const control of [...PRESSES, `${SHADOW_PRESS.host} ${SHADOW_PRESS.button}`]) await copy.locator(control).click();
    for (const [id, text] of Object.entries(SHOWN)) await expect.poll(() => copy.locator(`#${id}`).textContent()).toBe(text);
    await copy.selectOption(CHOICE.menu, CHOICE.value);
    await expect.poll(() => copy.locator(`#${CHOICE.id}`).textContent()).toBe(CHOICE.text);
    expect(requests).toEqual({ online: [], failed: [] });
  });
}

describe('a live copy whose controls fetch what they show by addresses only their script knows', () => {
  it('answers each control offline with what the render recorded by pressing it; "Log out" is never pressed and a press that posts is refused', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`);
    expect(render?.output, JSON.stringify(render)).toBe('live');
    expect(site.hits.get('/logout')).toBeUndefined();
    expect(posted).toEqual([]);
    expect(render?.refusedRequests?.some(({ method, url }) => method === 'POST' && url.endsWith('/api/notes'))).toBe(true);
    await pressedOffline(sink, 'index.html');
  }, 60_000);

  it('in a mirror too, for a page read to its end without an early read', async () => {
    const sink = new MemorySink();
    await archiveSite(`${site.origin}/about`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'always', renderTimeoutMs: 30_000 });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const kettle = manifest.resources.find((resource) => resource.url === `${site.origin}/`);
    expect(kettle?.render?.output, JSON.stringify(kettle?.render)).toBe('live');
    await pressedOffline(sink, kettle!.path!);
  }, 90_000);

  it('marks one control of each label, shown and enabled, none that acts for the reader, no link that leads somewhere, no "more" button, none left as fruitless', async () => {
    const host = new BrowserHost();
    try {
      const { context } = await host.open();
      const page = await context.newPage();
      await page.setContent(`<!doctype html>
        <button>Details</button><details><summary>Changelog</summary></details><span role="tab">Specs</span><button>Copy</button>
        <button>Copy</button><button aria-label="Open the menu" aria-expanded="false">≡</button><a href="#">Top</a><a href="/docs">Docs</a>
        <button>Log out</button><button>Accept all cookies</button><button>Add to cart</button><button>Load more</button>
        <form><button>Search</button><button type="button">Clear</button><input type="button" value="Preview"></form>
        <button disabled>Disabled</button><button hidden>Hidden</button><div onclick="void 0">Expand the notes</div>
        <button data-sitezip-pressed>Pressed before</button><button aria-label="Play the video">▶</button><button>Add to wishlist</button><span id="host"></span>
        <select name="region"><option>Europe</option><option>Asia</option></select><select aria-label="Colour theme"><option>Light</option></select>`);
      await page.evaluate(() => (document.getElementById('host')!.attachShadow({ mode: 'open' }).innerHTML = '<button>Spec sheet</button><button>Log out</button>'));
      const labels = (await page.evaluate(call(MARK_BUTTONS, { max: 20, kind: 'other' }))) as string[];
      expect(labels).toEqual(['Details', 'Changelog', 'Specs', 'Copy', 'Open the menu', 'Top', 'Preview', 'Expand the notes', 'select region', 'Spec sheet']);
      expect(await page.evaluate(call(MARK_BUTTONS, { max: 3, kind: 'other' }))).toEqual(['Details', 'Changelog', 'Specs']);
      // Those whose presses asked for nothing on the capture's earlier pages are left.
      expect(await page.evaluate(call(MARK_BUTTONS, { max: 20, kind: 'other', skip: ['Copy', 'Top', 'Specs'] }))).toEqual(['Details', 'Changelog', 'Open the menu', 'Preview', 'Expand the notes', 'select region', 'Spec sheet']);
    } finally {
      await host.close();
    }
  }, 60_000);
});

// A press that changes what the site remembers for its reader ("Night reading" in localStorage
// and a cookie): the capture's next page, rendered in the same browser context, came up at
// night, and its live copy, which starts as a new reader's, failed its check.
const READING = `<script>
const night = localStorage.getItem('reading') === 'night' || document.cookie.includes('reading=night');
document.getElementById('reading').textContent = night ? 'Reading at night' : 'Reading by day';
fetch('/api/' + 'shelf.json').then((r) => r.json()).then((shelf) => (document.getElementById('shelf').textContent = shelf.join(', ')));
</script>`;

describe('presses that change what the site remembers', () => {
  let reading: FixtureSite;
  beforeAll(async () => {
    reading = await serveFixture({
      '/': { body: '<!doctype html><title>Library</title><h1>Library</h1><a href="/a">The reading room</a>' },
      '/a': {
        body: `<!doctype html><html><head><title>Reading room</title></head><body><h1 id="reading"></h1><p id="shelf"></p>
<button id="night" type="button">Night reading</button><a href="/b">The next room</a>
<script>document.getElementById('night').addEventListener('click', () => { localStorage.setItem('reading', 'night'); sessionStorage.setItem('reading', 'night'); document.cookie = 'reading=night; path=/'; });</script>
${READING}</body></html>`,
      },
      '/b': { body: `<!doctype html><html><head><title>Next room</title></head><body><h1 id="reading"></h1><p id="shelf"></p>${READING}</body></html>` },
      '/api/shelf.json': { type: 'application/json', body: JSON.stringify(['Middlemarch', 'Persuasion']) },
    });
  }, 30_000);
  afterAll(() => reading?.close());

  it('sets them back once the presses end: the next page renders as a new reader sees it, and its live copy passes', async () => {
    const sink = new MemorySink();
    await archiveSite(`${reading.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'always', renderTimeoutMs: 30_000 });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const next = manifest.resources.find((resource) => resource.url === `${reading.origin}/b`);
    expect(next?.render?.output, JSON.stringify(next?.render)).toBe('live');
    expect(next?.render?.check).toMatchObject({ textMatch: 1, pixelDiff: 0, failedRequests: 0 });
    await withOfflineCopy(sink, 'sitezip-press-state-', async ({ open }) => {
      const copy = await open(next!.path!);
      await expect.poll(() => copy.locator('#shelf').textContent()).toBe('Middlemarch, Persuasion');
      expect(await copy.locator('#reading').textContent()).toBe('Reading by day');
    });
  }, 90_000);
});
