import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';
import { swatch } from './support/swatch.js';

// A page that writes part of itself with document.write while it is parsed, as ad loaders and
// older widgets do: an image, a script split so the page's own parser does not end its script
// early, a stylesheet marked crossorigin, and an element styled with a background image, each
// by a root-relative address that from file:// names the root of the disk.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Widgets</title>
<script>document.write('<link rel="stylesheet" crossorigin="anonymous" href="/css/widget.css">');</script></head>
<body><h1>Harbour widgets</h1>
<script>
document.write('<img id="chart" src="/img/chart.svg" alt="chart" width="40" height="20">');
document.write('<scr' + 'ipt src="/js/widget.js"></scr' + 'ipt>');
document.writeln("<div class='tile' style='background: url(/img/tile.svg); width: 40px; height: 20px'></div>");
</script>
<p id="after">After the widgets</p>
</body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/img/chart.svg': { type: 'image/svg+xml', body: swatch('teal') },
    '/img/tile.svg': { type: 'image/svg+xml', body: swatch('navy') },
    '/css/widget.css': { type: 'text/css', body: 'h1 { color: rgb(150, 20, 60); }' },
    '/js/widget.js': { type: 'text/javascript', body: "document.write('<p class=\"widget\">Tide table: high water 06:12</p>');" },
  });
});
afterAll(() => site.close());

describe('a live copy of a page that writes markup with document.write', () => {
  it('loads what the written tags name from the copy', async () => {
    const { render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { pixelDiff: 0, textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    for (const path of ['/img/chart.svg', '/img/tile.svg', '/css/widget.css', '/js/widget.js']) expect(site.hits.get(path), path).toBe(1);
  }, 60_000);
});
