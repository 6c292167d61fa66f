import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// An article whose comments a script fills once the page is up, and whose "Load more comments"
// button asks for the next ones by a literal address when it is clicked: before the render
// pressed such buttons, the copy had only the first ones, and offline the button's request failed.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Article</title></head><body>
<h1>The image pipeline</h1><ul id="comments"></ul><button id="more">Load more comments</button>
<button id="older" data-src="/api/comments-3.json">Older comments</button>
<script>
const list = document.getElementById('comments');
const add = (comments) => comments.forEach((text) => list.insertAdjacentHTML('beforeend', '<li>' + text + '</li>'));
fetch('/api/comments-1.json').then((r) => r.json()).then(add);
document.getElementById('more').addEventListener('click', () => {
  fetch('/api/comments-2.json').then((r) => r.json()).then(add);
});
document.getElementById('older').addEventListener('click', (event) => {
  fetch(event.target.getAttribute('data-src')).then((r) => r.json()).then(add);
});
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/api/comments-1.json': { type: 'application/json', body: JSON.stringify(['Good explainer.', 'Lanczos is the part people forget.']) },
    '/api/comments-2.json': { type: 'application/json', body: JSON.stringify(['Prebuilt binaries made it spread.', 'Streams keep memory low.']) },
    '/api/comments-3.json': { type: 'application/json', body: JSON.stringify(['The first comment of all.']) },
  });
});
afterAll(() => site.close());

describe('a button that loads a data file its inline script or its data- attribute names', () => {
  it("is answered offline from the live copy's replay data", async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`, { render: 'auto' });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    // Asked by the capture for the copy (its address is in the script), and once more by the
    // render pressing the button after the page was read (render/press-buttons.ts).
    expect(site.hits.get('/api/comments-2.json')).toBe(2);
    await withOfflineCopy(sink, 'sitezip-load-more-', async ({ open, requests }) => {
      const page = await open();
      await expect.poll(() => page.locator('#comments li').count()).toBe(2);
      await page.click('#more');
      await expect.poll(() => page.locator('#comments li').count()).toBe(4);
      expect(await page.locator('#comments li').last().textContent()).toBe('Streams keep memory low.');
      // Its address in a data- attribute, root-relative, read back by the click's handler.
      await page.click('#older');
      await expect.poll(() => page.locator('#comments li').count()).toBe(5);
      expect(await page.locator('#comments li').last().textContent()).toBe('The first comment of all.');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
