import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';
import { swatch } from './support/swatch.js';

// Stylesheets a script writes as the text of a <style>, each with a background image by a
// root-relative address: filled by textContent (webpack's style-loader, CSS a bundle injects),
// by a text node appended later (emotion and styled-components outside their speedy mode), and
// in a web component's shadow root written as markup, with an image beside it.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Harbour lights</title></head>
<body><h1>Harbour lights</h1><div class="loader"></div><div class="node"></div><x-badge></x-badge>
<script>
const loaded = document.createElement('style');
loaded.textContent = '.loader { background: url(/img/loader.svg); width: 40px; height: 20px; }';
document.head.appendChild(loaded);
const node = document.createElement('style');
document.head.appendChild(node);
node.appendChild(document.createTextNode('.node { background: url("/img/node.svg"); width: 40px; height: 20px; }'));
customElements.define('x-badge', class extends HTMLElement {
  connectedCallback() {
    this.attachShadow({ mode: 'closed' }).innerHTML = '<style>.b { background: url(/img/shadow-style.svg); width: 40px; height: 20px; }</style>'
      + '<div class="b"></div><img src="/img/shadow-img.svg" width="40" height="20" alt="badge">';
  }
});
</script></body></html>`;
const NAMES = ['loader', 'node', 'shadow-style', 'shadow-img'];

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    ...Object.fromEntries(NAMES.map((name, i) => [`/img/${name}.svg`, { type: 'image/svg+xml', body: swatch(['teal', 'navy', 'olive', 'maroon'][i]!) }])),
  });
});
afterAll(() => site.close());

describe('a live copy of a page whose script fills <style> elements', () => {
  it('loads the images their rules name from the copy', async () => {
    const { render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { pixelDiff: 0, textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    for (const name of NAMES) expect(site.hits.get(`/img/${name}.svg`), name).toBe(1);
  }, 60_000);
});
