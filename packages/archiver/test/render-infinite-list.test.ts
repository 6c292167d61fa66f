import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// An infinite list: its next part (`/api/feed-${n}.json`) loads when a sentinel after the list
// comes into view. The render scrolled to the page's end and recorded part 2; its live copy,
// scrolled through its picture's three viewports by the check, grew taller with part 2 and asked
// for part 3, never recorded: a failed request, and the snapshot was kept.

const item = (part: number, i: number) => `Package ${part}.${i}`;
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Feed</title>
<style>body { margin: 0; } header { height: 200px; } li { height: 110px; margin-bottom: 10px; } #sentinel { height: 1px; } footer { height: 300px; }</style></head><body>
<header><h1>Installed packages</h1></header><ul id="feed"></ul><div id="sentinel"></div><footer>Built from node_modules.</footer>
<script>
let part = 0, observer;
async function next() {
  observer?.disconnect();
  if (part >= 6) return;
  part += 1;
  const items = await (await fetch('/api/feed-' + part + '.json')).json();
  for (const text of items) document.getElementById('feed').insertAdjacentHTML('beforeend', '<li>' + text + '</li>');
  // As a component's effect does after each part: a new observer, which fires at once when the end is in view.
  observer = new IntersectionObserver((entries) => { if (entries.some((entry) => entry.isIntersecting)) next(); }, { rootMargin: '0px 0px 120px 0px' });
  observer.observe(document.getElementById('sentinel'));
}
next();
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  const parts = Object.fromEntries(
    Array.from({ length: 6 }, (_, n) => [`/api/feed-${n + 1}.json`, { type: 'application/json', body: JSON.stringify(Array.from({ length: 10 }, (_, i) => item(n + 1, i + 1))) }]),
  );
  // A round trip longer than a scroll step (two frames): the part a step asks for comes after the render's scroll ended.
  site = await serveFixture({ '/': { body: PAGE }, ...parts }, { latencyMs: 150 });
});
afterAll(() => site?.close());

describe('an infinite list that loads its next part as its end comes into view', () => {
  it("keeps the live copy, scrolled as far as the render scrolled, with the parts the render loaded", async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`, { render: 'always' });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0 } });
    const asked = [...site.hits.keys()].filter((path) => path.startsWith('/api/')).length;
    await withOfflineCopy(sink, 'sitezip-infinite-list-', async ({ open, requests }) => {
      const page = await open();
      // Scrolled to its end offline again and again, it shows every part the render loaded and asks for nothing it lacks.
      for (let turn = 0; turn < 8; turn++) {
        await page.locator('#sentinel').scrollIntoViewIfNeeded();
        await page.waitForFunction(() => document.readyState === 'complete');
      }
      await expect.poll(() => page.locator('#feed li').count()).toBe(asked * 10);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
