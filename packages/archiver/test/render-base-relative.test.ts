import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';

// An app under <base href="/"> (Angular's default) whose routes are pages of a mirror: at
// /licenses, saved as licenses/index.html, its script asks for 'assets/data/licenses.json',
// online /assets/data/licenses.json. The copy's layer read it from the file's folder, as
// /licenses/assets/data/licenses.json, never recorded: every live copy but the start page's
// failed its check, and the mirror was saved as snapshots.

const SHELL = `<!doctype html><html><head><meta charset="utf-8"><base href="/"><title>Catalogue</title></head><body>
<nav><a href="/">Catalogue</a> <a href="licenses">Licenses</a></nav><main id="app"></main>
<script>
const route = location.pathname.replace(/\\/$/, '') || '/';
fetch(route === '/licenses' ? 'assets/data/licenses.json' : 'assets/data/packages.json')
  .then((response) => response.json())
  .then((items) => { document.getElementById('app').innerHTML = '<h1>' + (route === '/licenses' ? 'Licenses' : 'Packages') + '</h1><ul>' + items.map((item) => '<li>' + item + '</li>').join('') + '</ul>'; });
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: SHELL },
    '/licenses': { body: SHELL },
    '/assets/data/packages.json': { type: 'application/json', body: JSON.stringify(['rxjs 7.8.2', 'tslib 2.8.1', 'zone.js 0.15.1']) },
    '/assets/data/licenses.json': { type: 'application/json', body: JSON.stringify(['MIT: 18 packages', 'Apache-2.0: 3 packages', 'ISC: 3 packages']) },
  });
});
afterAll(() => site?.close());

describe('a mirror of an app under <base href="/"> whose script asks for addresses relative to it', () => {
  it("keeps each route's live copy, which finds its data under the base offline", async () => {
    const sink = new MemorySink();
    await archiveSite(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'always', renderTimeoutMs: 30_000 });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const licenses = manifest.resources.find((resource) => resource.url === `${site.origin}/licenses`);
    expect(licenses?.render?.output, JSON.stringify(licenses?.render)).toBe('live');
    await withOfflineCopy(sink, 'sitezip-base-relative-', async ({ open, requests }) => {
      const page = await open(licenses!.path);
      await expect.poll(() => page.locator('#app li').allTextContents()).toEqual(['MIT: 18 packages', 'Apache-2.0: 3 packages', 'ISC: 3 packages']);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 90_000);
});
