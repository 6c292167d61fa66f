import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { offlineContext, withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// A page that registers a service worker, as apps that work offline do, and one that clears its
// old ones: from file:// both ask in vain, and the browser's rejection is an error on the page.
// The render's browser blocks service workers (registered, with nothing to show for it): the
// copy answers as it did. Opened here in a browser context that allows them, as a reader's does.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Tide app</title></head>
<body><h1>Tide app</h1><p id="tide">…</p><p id="workers">…</p>
<script>
fetch('/api/tide.json').then((r) => r.json()).then((tide) => { document.getElementById('tide').textContent = tide.text; });
navigator.serviceWorker.getRegistrations().then((old) => Promise.all(old.map((registration) => registration.unregister())))
  .then(() => navigator.serviceWorker.register('/sw.js'))
  .then(() => { document.getElementById('workers').textContent = 'Ready for the harbour'; });
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/api/tide.json': { type: 'application/json', body: JSON.stringify({ text: 'High water at 06:42' }) },
    '/sw.js': { type: 'text/javascript', body: "self.addEventListener('fetch', () => {});" },
  });
});
afterAll(() => site.close());

describe('a live copy of a page that registers a service worker', () => {
  it('shows what the render showed, with no error on the page, in a browser that allows them', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-service-worker-', async ({ context, dir }) => {
      const reader = await context.browser()!.newContext({ serviceWorkers: 'allow' });
      const requests = await offlineContext(reader);
      const errors: string[] = [];
      const copy = await reader.newPage();
      copy.on('pageerror', (error) => errors.push(error.message));
      await copy.goto(`file://${dir}/index.html`, { waitUntil: 'load' });
      await expect.poll(() => copy.locator('#tide').textContent()).toBe('High water at 06:42');
      await expect.poll(() => copy.locator('#workers').textContent()).toBe('Ready for the harbour');
      expect(errors).toEqual([]);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
