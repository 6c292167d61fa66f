import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';
import { swatch } from './support/swatch.js';

// Styles a script writes as text, each with a background image by a root-relative address:
// a rule inserted into a <style> (styled-components, emotion), a constructed sheet a shadow root
// adopts (Lit), and an element's style set by setProperty, by cssText and as its attribute; and
// by a property's own name, on an element in the page and on one built detached (as React does).
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Styled</title><style id="sc"></style></head>
<body><h1>Trail map</h1><div class="hero"></div><div id="property"></div><div id="text"></div><div id="attribute"></div><div id="camel"></div><x-card></x-card>
<script>
document.getElementById('sc').sheet.insertRule('.hero { background-image: url(/img/hero.svg); width: 40px; height: 20px; }');
document.getElementById('property').style.setProperty('background-image', 'url("/img/property.svg")');
document.getElementById('property').style.setProperty('width', '40px');
document.getElementById('property').style.setProperty('height', '20px');
document.getElementById('text').style.cssText = "background: url('/img/text.svg'); width: 40px; height: 20px";
document.getElementById('attribute').setAttribute('style', 'background: url(/img/attribute.svg); width: 40px; height: 20px');
const camel = document.getElementById('camel').style;
camel.backgroundImage = 'url(/img/camel.svg)';
camel.width = '40px';
camel.height = '20px';
const card = document.createElement('div');
Object.assign(card.style, { background: 'url("/img/detached.svg")', width: '40px', height: '20px' });
document.body.append(card);
const sheet = new CSSStyleSheet();
sheet.replaceSync(':host { display: block; width: 40px; height: 20px; background: url(/img/shadow.svg); }');
document.querySelector('x-card').attachShadow({ mode: 'open' }).adoptedStyleSheets = [sheet];
</script></body></html>`;
const NAMES = ['hero', 'property', 'text', 'attribute', 'shadow', 'camel', 'detached'];

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    ...Object.fromEntries(NAMES.map((name, i) => [`/img/${name}.svg`, { type: 'image/svg+xml', body: swatch(['teal', 'navy', 'olive', 'maroon', 'purple', 'orange', 'gray'][i]!) }])),
  });
});
afterAll(() => site.close());

describe('a live copy of a page whose script writes styles as text', () => {
  it('loads the images those styles name from the copy', async () => {
    const { render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { pixelDiff: 0, textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    for (const name of NAMES) expect(site.hits.get(`/img/${name}.svg`), name).toBe(1);
  }, 60_000);
});
