import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { tabLinks } from '../src/capture/named-fragments.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';

// Tabs whose links name the documents a script loads into the tab's panel when a tab is picked
// (jQuery UI's AJAX tabs: `<li role="tab"><a href="tabs/install.html">`). In a mirror those
// documents are pages of the copy too, and the live copy's layer took a click on a tab for a
// link to that page: the whole page became the tab's fragment (a hold-out jQuery UI site).

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Library</title></head><body>
<h1>The library</h1><ul role="tablist"><li role="tab"><a href="tabs/overview.html">Overview</a></li><li role="tab"><a href="tabs/install.html">Install</a></li></ul>
<div id="panel"></div>
<script>
const panel = document.getElementById('panel');
async function pick(link) {
  panel.innerHTML = await (await fetch(link.getAttribute('href'), { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).text();
}
for (const link of document.querySelectorAll('[role=tab] a')) link.addEventListener('click', (event) => { event.preventDefault(); pick(link); });
pick(document.querySelector('[role=tab] a'));
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/tabs/overview.html': { body: '<p id="fragment">What the library does, in short.</p>' },
    '/tabs/install.html': { body: '<p id="fragment">npm install the-library --save-exact</p>' },
  });
});
afterAll(() => site?.close());

describe("a tabs widget that loads the document a tab's link names into its panel", () => {
  it('shows each tab offline in the live copy of a mirror, the page staying where it is', async () => {
    const sink = new MemorySink();
    await archiveSite(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'always', renderTimeoutMs: 30_000 });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    expect(manifest.resources[0]?.render?.output, JSON.stringify(manifest.resources[0]?.render)).toBe('live');
    await withOfflineCopy(sink, 'sitezip-tab-links-', async ({ open, requests }) => {
      const copy = await open('index.html');
      await expect.poll(() => copy.locator('#fragment').textContent()).toBe('What the library does, in short.');
      const at = copy.url();
      await copy.click('[role=tab] a:has-text("Install")');
      await expect.poll(() => copy.locator('#fragment').textContent()).toBe('npm install the-library --save-exact');
      expect(copy.url()).toBe(at);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 90_000);

  it("lists the documents tabs' links name, not a place in the page", () => {
    const html = `<ul role="tablist"><li role="tab" class="ui-tabs-tab"><a href="tabs/a.html" role="presentation">A</a></li><li role="tab"><a href="#b">B</a></li></ul><a role="tab" href="/c.html">C</a>`;
    expect(tabLinks(html, 'https://docs.example/lib/')).toEqual(['https://docs.example/lib/tabs/a.html', 'https://docs.example/c.html']);
  });
});
