import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// A page of custom elements that a component library defines from a CDN (as Shoelace's
// autoloader does): the library finds its own folder by testing the src of the page's scripts,
// then fetches each icon from there. The page's text is all in its markup, so only the custom
// elements and the other site's module say that a static copy would not show it; and in the
// live copy, where a module script's src is a data: URL that imports it, the library must still
// find its own address.

const LIBRARY = `const me = [...document.scripts].find((script) => /parts-autoloader\\.js($|\\?)/.test(script.src));
const base = me.getAttribute('src').split('/').slice(0, -1).join('/');
customElements.define('bk-icon', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    fetch(base + '/icons/' + this.getAttribute('name') + '.svg').then((r) => r.text()).then((svg) => { root.innerHTML = svg; });
  }
});`;
const ICON = (colour: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="28" fill="${colour}"/></svg>`;
const PAGE = (cdn: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Spoke &amp; Chain</title>
<script type="module" src="${cdn}/parts-autoloader.js"></script></head>
<body><h1>Spoke &amp; Chain</h1><p>A small, independent repair shop on Millbrook Lane: commuter hybrids, cargo bikes and vintage steel road frames.</p>
<p><bk-icon name="wrench"></bk-icon> Safety check: a twenty-minute inspection of brakes, tyres and chain wear.</p>
<p><bk-icon name="gear"></bk-icon> Full tune-up: drivetrain degreased, gears and brakes adjusted, wheels trued.</p></body></html>`;

let cdn: FixtureSite;
let site: FixtureSite;
beforeAll(async () => {
  const cors = { 'access-control-allow-origin': '*' };
  cdn = await serveFixture({
    '/parts-autoloader.js': { type: 'text/javascript', body: LIBRARY, headers: cors },
    '/icons/wrench.svg': { type: 'image/svg+xml', body: ICON('#0b6e4f'), headers: cors },
    '/icons/gear.svg': { type: 'image/svg+xml', body: ICON('#d97706'), headers: cors },
  });
  site = await serveFixture({ '/': { body: PAGE(cdn.origin) } });
});
afterAll(() => Promise.all([site.close(), cdn.close()]));

describe('a page of custom elements from a component library of another site', () => {
  it('is rendered by auto, and its live copy, where the library finds its own folder, draws the icons offline', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`, { render: 'auto' });
    expect(render?.reason).toContain("another site's module");
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { pixelDiff: 0, textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-cdn-components-', async ({ open, requests }) => {
      const copy = await open();
      await expect.poll(() => copy.evaluate(`[...document.querySelectorAll('bk-icon')].map((icon) => icon.shadowRoot && icon.shadowRoot.querySelector('circle') ? icon.shadowRoot.querySelector('circle').getAttribute('fill') : null)`)).toEqual(['#0b6e4f', '#d97706']);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
