import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';
import { swatch } from './support/swatch.js';

// Frames without an address of their own that a script fills, as editors and widgets do: one
// written through its document (open, write, close) with a stylesheet and an image, one given
// its markup as srcdoc, each by root-relative addresses that from file:// name the disk's root.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Frames</title></head>
<body><h1>Tide tables</h1><div id="slot"></div>
<script>
const frame = document.createElement('iframe');
frame.style.cssText = 'width: 240px; height: 120px; border: 0';
document.getElementById('slot').append(frame);
const doc = frame.contentDocument;
doc.open();
doc.write('<!doctype html><html><head><link rel="stylesheet" href="/css/frame.css"></head><body><p class="inside">High water 06:12</p>'
  + '<img src="/img/framed.svg" width="40" height="20" alt="framed"></body></html>');
doc.close();
const sourced = document.createElement('iframe');
sourced.style.cssText = 'width: 240px; height: 120px; border: 0';
sourced.srcdoc = '<p>Low water 12:40</p><img src="/img/srcdoc.svg" width="40" height="20" alt="srcdoc">';
document.getElementById('slot').append(sourced);
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/img/framed.svg': { type: 'image/svg+xml', body: swatch('teal') },
    '/img/srcdoc.svg': { type: 'image/svg+xml', body: swatch('navy') },
    '/css/frame.css': { type: 'text/css', body: '.inside { color: rgb(150, 20, 60); font: 22px sans-serif; }' },
  });
});
afterAll(() => site.close());

describe('a live copy of a page whose script fills frames of no address', () => {
  it('loads what the frames name from the copy', async () => {
    const { render } = await renderOnce(`${site.origin}/`, { checkSnapshots: true });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { pixelDiff: 0, textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    for (const path of ['/img/framed.svg', '/img/srcdoc.svg', '/css/frame.css']) expect(site.hits.get(path), path).toBe(1);
    // The snapshot holds the written frame's document in place, not the page at the address document.open() gave it.
    expect(render?.candidates?.snapshot, JSON.stringify(render)).toMatchObject({ textMatch: 1, failedRequests: 0, onlineRequests: 0 });
  }, 60_000);
});
