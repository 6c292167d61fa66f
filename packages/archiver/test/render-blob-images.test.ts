import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderResult } from '../src/render/index.js';
import { pngFor, serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderDirect } from './support/render-direct.js';

// Images a page's scripts show from blob: URLs: one from a fetch()ed blob, kept; one whose URL
// the page revoked once it had loaded (a common way to free the memory); a style's url() of a
// blob. In the rendered markup each names the page's own store, which dies with the page: a
// snapshot, or anything read from the markup, would load nothing. They are read as data: URLs.
const PAGE = `<!doctype html><meta charset="utf-8"><title>blobs</title>
<div id="pics"></div><div id="bg" style="width:40px;height:20px"></div>
<script>
fetch('/kept.png').then((r) => r.blob()).then((blob) => {
  const kept = new Image();
  kept.id = 'kept';
  kept.src = URL.createObjectURL(blob);
  document.getElementById('pics').append(kept);
  document.getElementById('bg').style.backgroundImage = 'url(' + URL.createObjectURL(blob) + ')';
});
fetch('/freed.png').then((r) => r.blob()).then((blob) => {
  const freed = new Image();
  freed.id = 'freed';
  freed.onload = () => URL.revokeObjectURL(freed.src);
  freed.src = URL.createObjectURL(blob);
  document.getElementById('pics').append(freed);
});
</script>`;

let site: FixtureSite;
let result: RenderResult;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/kept.png': { type: 'image/png', body: pngFor('/kept.png') },
    '/freed.png': { type: 'image/png', body: pngFor('/freed.png') },
  });
  result = await renderDirect(`${site.origin}/`);
}, 60_000);
afterAll(() => site?.close());

const attribute = (html: string, id: string, name: string) => new RegExp(`<img[^>]*id="${id}"[^>]*>`).exec(html)?.[0].match(new RegExp(`${name}="([^"]*)"`))?.[1];

describe('images a page shows from blob: URLs', () => {
  it('are in the rendered markup as data: URLs, none as blob:', () => {
    expect(result.html).not.toContain('blob:');
    // A blob the page keeps: its very bytes.
    expect(attribute(result.html, 'kept', 'src')).toBe(`data:image/png;base64,${pngFor('/kept.png').toString('base64')}`);
    expect(result.html).toContain(`url(&quot;data:image/png;base64,${pngFor('/kept.png').toString('base64')}&quot;)`);
    // One the page revoked: the image as drawn.
    expect(attribute(result.html, 'freed', 'src')).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
  });
});
