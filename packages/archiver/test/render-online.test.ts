import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';

// An app that asks the browser whether it is online before it fetches, as apps with an offline
// notice do. A reader opens the copy with the network off: the browser then says it is not.
const PAGE = `<!doctype html><title>Status</title><div id="root"></div><script>
  const root = document.getElementById('root');
  if (!navigator.onLine) root.textContent = 'You are offline.';
  else fetch('/status.json').then((r) => r.json()).then((status) => { root.textContent = status.message; });
</script>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/status.json': { type: 'application/json', body: JSON.stringify({ message: 'All systems normal.' }) },
  });
});
afterAll(() => site.close());

describe('a live copy opened with the network off', () => {
  it('is told the browser is online, and shows what it fetched online', async () => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, render: 'always', renderTimeoutMs: 15_000 });
    const render = (JSON.parse(sink.text('sitezip-manifest.json')) as Manifest).resources[0]?.render;
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-online-', async ({ context, open, requests }) => {
      await context.setOffline(true);
      const page = await open();
      await expect.poll(() => page.locator('#root').textContent()).toBe('All systems normal.');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
