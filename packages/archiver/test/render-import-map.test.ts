import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// A page without a build step, as many are now: an import map names its libraries on a CDN, a
// library there imports its parts by bare names the map resolves, and the page's module
// import()s a part by a bare specifier it computes (`lib/${name}.js`, through the map's "lib/"
// prefix). The copy replaces the page's import map with its own, so the computed specifier must
// still go through the page's map to the module the render loaded.
const cdnModule = (body: string) => ({ type: 'text/javascript', body, headers: { 'access-control-allow-origin': '*' } });

let cdn: FixtureSite;
let site: FixtureSite;
beforeAll(async () => {
  cdn = await serveFixture({
    // A library's own bare import, resolved by the page's map (as lit's '@lit/reactive-element').
    '/lib/fmt.js': cdnModule("import { pad } from 'pad';\nexport const fmt = (item) => pad(item.id) + ' ' + item.name;"),
    '/lib/pad.js': cdnModule("export const pad = (n) => String(n).padStart(3, '0');"),
    '/lib/extra.js': cdnModule("export const note = (n) => n + ' kinds of parts, by a computed import';"),
  });
  site = await serveFixture({
    '/': {
      body: `<!doctype html><meta charset="utf-8"><title>Parts</title>
<script type="importmap">{ "imports": { "lib/": "${cdn.origin}/lib/", "pad": "${cdn.origin}/lib/pad.js" } }</script>
<h1>Parts</h1><ul id="parts"></ul><p id="note"></p>
<script type="module">
import { fmt } from 'lib/fmt.js';
const items = await (await fetch('/api/items.json')).json();
document.getElementById('parts').innerHTML = items.map((item) => '<li>' + fmt(item) + '</li>').join('');
const name = 'extra';
const { note } = await import(\`lib/\${name}.js\`);
document.getElementById('note').textContent = note(items.length);
</script>`,
    },
    '/api/items.json': { type: 'application/json', body: JSON.stringify([{ id: 1, name: 'bolt' }, { id: 2, name: 'washer' }]) },
  });
});
afterAll(async () => {
  await site?.close();
  await cdn?.close();
});

describe("a computed import() through the page's own import map", () => {
  it('keeps the copy live, and offline it loads the module the render loaded', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-import-map-', async ({ open, requests: { online, failed } }) => {
      const page = await open();
      await page.getByText('2 kinds of parts, by a computed import').waitFor();
      expect(await page.locator('#parts li').allTextContents()).toEqual(['001 bolt', '002 washer']);
      expect(online).toEqual([]);
      expect(failed).toEqual([]);
    });
  }, 60_000);
});
