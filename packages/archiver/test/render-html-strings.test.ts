import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';
import { swatch } from './support/swatch.js';

// A page whose script writes markup as text (jQuery's .html(), a markdown renderer, v-html):
// the browser parses it and loads what it names at once, with no setter the replay layer could
// catch. Root-relative, page-relative, and through a detached element, as jQuery builds its
// fragments; and next to an element with insertAdjacentHTML. And responsive images (srcset) in
// markup and set by script. And rows written into a table's body, in that context. And markup
// written tight, with no space between one attribute's quote and the next's name.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Notes</title></head>
<body><main id="root">Loading</main><aside id="side"></aside><table id="rows"><tbody></tbody></table>
<script>
fetch('/api/note.json').then((r) => r.json()).then((note) => {
  document.getElementById('root').innerHTML = '<h1>' + note.title + '</h1><img src="/img/map.svg" alt="map" width="40" height="20">';
  const holder = document.createElement('div');
  holder.innerHTML = '<p>Badge <img src="img/badge.svg" alt="badge" width="20" height="20"></p>';
  document.getElementById('side').append(...holder.childNodes);
  document.getElementById('side').insertAdjacentHTML('beforeend', '<link rel="stylesheet" href="/css/side.css"><p class="side">Aside</p>'
    + '<img srcset="/img/route.svg 1x, /img/route-2x.svg 2x" alt="route" width="40" height="20">');
  // Minified markup, an attribute right after the quote that ends the one before (rustdoc's font preloads).
  document.getElementById('side').insertAdjacentHTML('beforeend', '<link rel="stylesheet" type="text/css"href="/css/tight.css"><p class="tight">Tight</p>');
  // Rows into a table's body: parsed in that context, as the browser parses them.
  document.querySelector('#rows tbody').innerHTML = '<tr><td>Stage one</td><td><img src="/img/row.svg" alt="row" width="40" height="20"></td></tr>';
  document.getElementById('rows').insertAdjacentHTML('beforeend', '<tr><td>Stage two</td></tr>');
  // Responsive images set by script, as next/image's React writes them.
  const photo = new Image(40, 20);
  photo.srcset = '/img/photo.svg 1x, /img/photo-2x.svg 2x';
  const thumb = new Image(40, 20);
  thumb.setAttribute('srcset', '/img/thumb.svg 40w');
  thumb.sizes = '40px';
  document.body.append(photo, thumb);
});
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/api/note.json': { type: 'application/json', body: JSON.stringify({ title: 'Walking the coast path' }) },
    '/img/map.svg': { type: 'image/svg+xml', body: swatch('teal') },
    '/img/badge.svg': { type: 'image/svg+xml', body: swatch('orange') },
    '/img/row.svg': { type: 'image/svg+xml', body: swatch('gray') },
    '/img/route.svg': { type: 'image/svg+xml', body: swatch('navy') },
    '/img/photo.svg': { type: 'image/svg+xml', body: swatch('olive') },
    '/img/thumb.svg': { type: 'image/svg+xml', body: swatch('purple') },
    '/css/side.css': { type: 'text/css', body: '.side { color: rgb(150, 20, 60); font: 22px sans-serif; }' },
    '/css/tight.css': { type: 'text/css', body: '.tight { color: rgb(20, 120, 60); font: 22px sans-serif; }' },
  });
});
afterAll(() => site.close());

describe('a live copy of a page whose script writes markup as text', () => {
  it('loads what that markup names from the copy', async () => {
    const { render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { pixelDiff: 0, textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
  }, 60_000);
});
