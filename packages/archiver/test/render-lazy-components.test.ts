import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// Web components loaded lazily as Stencil builds them (Ionic): the page's module entry only
// imports the loader, and the loader imports each component's chunk by an address it computes
// (`./${bundle}.entry.js`). The page hides its app until its components are defined, so a static
// copy, which cannot follow the computed import, is blank: `auto` must read the entry's imports.

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Tidepool Aquarium</title>
<style>tp-app:not(:defined) { visibility: hidden; } tp-card { display: block; margin: 1rem 0; padding: 1rem; border: 1px solid #9ab; }</style>
<script type="module" src="/build/tidepool.esm.js"></script></head>
<body><tp-app><h1>Tidepool Aquarium</h1><p>Open every day from nine until five, with keeper talks at eleven and three.</p>
<tp-card heading="The Living Rock Pool">Anemones, shore crabs and blennies in a pool the tide refills twice a day.</tp-card>
<tp-card heading="Kelp Forest Cathedral">A three-storey tank of giant kelp, with a tunnel under it.</tp-card></tp-app></body></html>`;
const ENTRY = `import { bootstrapLazy } from './p-loader.js';\nbootstrapLazy([['p-app', ['tp-app']], ['p-card', ['tp-card']]]);`;
const LOADER = `export const bootstrapLazy = (bundles) => {
  for (const [bundle, tags] of bundles) {
    for (const tag of tags) {
      if (!document.querySelector(tag)) continue;
      import(\`./\${bundle}.entry.js\`).then((module) => customElements.define(tag, module.default));
    }
  }
};`;
const APP = `export default class extends HTMLElement {}`;
const CARD = `export default class extends HTMLElement {
  connectedCallback() { const title = document.createElement('h2'); title.textContent = this.getAttribute('heading'); this.prepend(title); }
}`;

let site: FixtureSite;
beforeAll(async () => {
  const js = (body: string) => ({ type: 'text/javascript', body });
  site = await serveFixture({
    '/': { body: PAGE },
    '/build/tidepool.esm.js': js(ENTRY),
    '/build/p-loader.js': js(LOADER),
    '/build/p-app.entry.js': js(APP),
    '/build/p-card.entry.js': js(CARD),
  });
});
afterAll(() => site.close());

describe('a page of components its module entry loads lazily through the loader it imports', () => {
  it('is rendered by auto for the loader, and its live copy defines the components offline', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`, { render: 'auto' });
    expect(render?.reason, JSON.stringify(render)).toContain('imports a module at run time');
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { pixelDiff: 0, textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-lazy-components-', async ({ open, requests }) => {
      const copy = await open();
      await expect.poll(() => copy.locator('tp-card h2').allTextContents()).toEqual(['The Living Rock Pool', 'Kelp Forest Cathedral']);
      expect(await copy.evaluate(`getComputedStyle(document.querySelector('tp-app')).visibility`)).toBe('visible');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
