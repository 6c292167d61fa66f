import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';

// Icons a script draws from a sprite sheet, which Chromium refuses to read across documents from
// file://: a <use> made as React and Vue make it (setAttribute), one cloned from a <template>'s
// markup as Solid, Svelte and Lit do, and one given xlink:href by setAttributeNS. The sheet is
// an image of the page as well, saved as one before any <use> names it.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Weather</title></head>
<body><h1>Weather icons</h1><img src="/img/icons.svg" alt="" width="1" height="1"><p id="icons"></p>
<script>
const NS = 'http://www.w3.org/2000/svg';
const icon = (name, set) => {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('width', '40');
  svg.setAttribute('height', '20');
  const use = document.createElementNS(NS, 'use');
  set(use, '/img/icons.svg#' + name);
  svg.append(use);
  return svg;
};
const slot = document.getElementById('icons');
slot.append(icon('wave', (use, href) => use.setAttribute('href', href)));
slot.append(icon('moon', (use, href) => use.setAttributeNS('http://www.w3.org/1999/xlink', 'xlink:href', href)));
const template = document.createElement('template');
template.innerHTML = '<svg width="40" height="20"><use href="/img/icons.svg#sun"></use></svg>';
slot.append(template.content.cloneNode(true));
</script></body></html>`;
const SHEET = `<?xml version="1.0" encoding="utf-8"?>
<svg xmlns="http://www.w3.org/2000/svg">${['wave teal', 'sun navy', 'moon olive']
  .map((pair) => pair.split(' '))
  .map(([id, fill]) => `<symbol id="${id}" viewBox="0 0 40 20"><rect width="40" height="20" fill="${fill}"/></symbol>`)
  .join('')}</svg>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({ '/': { body: PAGE }, '/img/icons.svg': { type: 'image/svg+xml', body: SHEET } });
});
afterAll(() => site.close());

describe('a live copy of a page whose script draws icons from a sprite sheet', () => {
  it('draws them from the sheet inlined in the copy, and so does its snapshot', async () => {
    // Its snapshot too, though the live copy passes on its own.
    const { render } = await renderOnce(`${site.origin}/`, { checkSnapshots: true });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { pixelDiff: 0, textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    expect(render?.candidates?.snapshot, JSON.stringify(render)).toMatchObject({ pixelDiff: 0, failedRequests: 0, onlineRequests: 0 });
  }, 60_000);
});
