import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// Tabs whose content a controller fetches when a tab is clicked, by the address a `data-`
// attribute names (Stimulus's `data-tabs-url-param`): a hold-out's tabs said "Failed to fetch"
// offline, the render having asked only for the first tab's.

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Guide</title></head><body>
<h1>Installing the toolkit</h1><p>Pick a tab to read how to install, use and upgrade the toolkit.</p>
<div id="tabs"><button data-tabs-url-param="/partials/install.html">Install</button>
<button data-tabs-url-param="/partials/usage.html">Usage</button>
<button data-tabs-url-param="partials/upgrade.html">Upgrade</button></div><section id="panel"></section>
<script>
const panel = document.getElementById('panel');
async function show(button) {
  try {
    panel.innerHTML = await (await fetch(button.dataset.tabsUrlParam)).text();
  } catch (error) {
    panel.textContent = 'Could not load: ' + error.message;
  }
}
for (const button of document.querySelectorAll('#tabs button')) button.addEventListener('click', () => show(button));
show(document.querySelector('#tabs button'));
</script></body></html>`;
const PARTIALS: Record<string, string> = {
  install: '<p id="part">Run npm install with the exact version.</p>',
  usage: '<p id="part">Import the module and call start().</p>',
  upgrade: '<p id="part">Read the changelog before upgrading.</p>',
};

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/guide/': { body: PAGE },
    '/partials/install.html': { body: PARTIALS.install },
    '/partials/usage.html': { body: PARTIALS.usage },
    '/guide/partials/upgrade.html': { body: PARTIALS.upgrade },
  });
});
afterAll(() => site?.close());

describe('tabs whose fragments a data- attribute names as the address to load', () => {
  it('are rendered by auto, and each tab shows its fragment offline', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/guide/`, { render: 'auto' });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', reason: expect.stringContaining('names a fragment') as unknown });
    await withOfflineCopy(sink, 'sitezip-fragment-attributes-', async ({ open, requests }) => {
      const page = await open();
      await expect.poll(() => page.locator('#part').textContent()).toBe('Run npm install with the exact version.');
      await page.click('#tabs button:has-text("Usage")');
      await expect.poll(() => page.locator('#part').textContent()).toBe('Import the module and call start().');
      await page.click('#tabs button:has-text("Upgrade")');
      await expect.poll(() => page.locator('#part').textContent()).toBe('Read the changelog before upgrading.');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
