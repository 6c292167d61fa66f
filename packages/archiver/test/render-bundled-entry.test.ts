import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// A bundler's entry module holds the libraries it bundled first and the page's own code last: a
// dashboard's 1.8 MB Vite entry (ECharts, Vega, lottie) fetched its data in its last 2 KB, past
// what `auto` read of a script, and the page was saved static with its numbers missing offline.

const LIBRARY = `const table = [${Array.from({ length: 180_000 }, (_, i) => i % 997).join(',')}];\nexport function lookup(i) { return table[i % table.length]; }\n`;
const ENTRY = `${LIBRARY}
fetch('data/totals.json').then((response) => response.json()).then((totals) => {
  document.getElementById('packages').textContent = String(totals.packages);
  document.getElementById('size').textContent = totals.size + ' MiB';
});
`;
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Dependency dashboard</title>
<script type="module" src="./assets/index-Dx3.js"></script></head><body>
<h1>npm dependency dashboard</h1><p>Computed at build time from this site's own node_modules.</p>
<p><span id="packages">…</span> packages, <span id="size">…</span> unpacked.</p></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/assets/index-Dx3.js': { type: 'text/javascript', body: ENTRY },
    '/data/totals.json': { type: 'application/json', body: JSON.stringify({ packages: 118, size: 165.5 }) },
  });
});
afterAll(() => site?.close());

describe("a page whose bundled entry module fetches its data in the module's last lines", () => {
  it('is rendered by auto, and its live copy shows the data offline', async () => {
    expect(ENTRY.length).toBeGreaterThan(600 * 1024);
    const { sink, render } = await renderOnce(`${site.origin}/`, { render: 'auto' });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-bundled-entry-', async ({ open, requests }) => {
      const page = await open();
      await expect.poll(() => page.locator('#packages').textContent()).toBe('118');
      expect(await page.locator('#size').textContent()).toBe('165.5 MiB');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
