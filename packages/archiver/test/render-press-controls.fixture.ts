import type { FixtureRoute } from './support/fixture-site.js';

// A product page whose controls fetch what they show by addresses only its script knows: a
// "Details" button, a changelog behind a <details>' summary (jQuery's `.load()` of a fragment),
// a tab, a chart button inside a panel that another button opens, a web component's button
// in its shadow root, and a menu of regions whose choice fetches the region's stock. Nothing in the markup
// names those addresses and no label asks for "more": a render that pressed nothing recorded no
// answer, and offline each control failed (a hold-out jQuery UI site's "Show changelog" dialog).
// "Log out" must never be pressed, and a control that posts never reaches the server. Shared by
// render-press-controls.test.ts and e2e/render/press-controls.spec.ts.

export const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Kettle K-2</title></head><body>
<h1>Kettle K-2</h1><p id="intro"></p>
<button id="details" type="button">Details</button><div id="details-text"></div>
<details id="log"><summary>Changelog</summary><div id="log-text"></div></details>
<div role="tablist"><span role="tab" id="tab-specs" tabindex="0">Specifications</span></div><div id="tab-text"></div>
<button id="compare" type="button">Compare models</button>
<div id="panel" hidden><button id="chart" type="button">Draw the chart</button><div id="chart-text"></div></div>
<button id="logout" type="button">Log out</button>
<button id="keep" type="button">Keep these notes</button>
<button class="copy" type="button">Copy</button><button class="copy" type="button">Copy</button>
<kettle-sheet></kettle-sheet><div id="sheet-text"></div>
<label>Stock in <select id="region" name="region"><option value="eu">Europe</option><option value="us">Americas</option><option value="asia">Asia</option></select></label><p id="region-text"></p>
<script>
const show = (id, text) => (document.getElementById(id).textContent = text);
const json = async (address) => (await fetch(address)).json();
json('/api/intro.json').then((intro) => show('intro', intro.text));
document.getElementById('details').addEventListener('click', async () => show('details-text', (await json('/api/details?model=' + 'k2')).text));
document.getElementById('log').addEventListener('toggle', (event) => {
  if (!event.target.open) return;
  const request = new XMLHttpRequest();
  request.open('GET', 'fragments/' + 'changelog.html');
  request.onload = () => (document.getElementById('log-text').innerHTML = request.responseText);
  request.send();
});
document.getElementById('tab-specs').addEventListener('click', async () => show('tab-text', await (await fetch('/tabs/' + 'specs' + '.txt')).text()));
document.getElementById('compare').addEventListener('click', () => (document.getElementById('panel').hidden = false));
document.getElementById('chart').addEventListener('click', async () => show('chart-text', (await json('/api/' + 'chart.json')).points.join(', ')));
document.getElementById('logout').addEventListener('click', () => fetch('/logout'));
document.getElementById('keep').addEventListener('click', () => fetch('/api/notes', { method: 'POST', body: 'kept' }));
document.getElementById('region').addEventListener('change', async (event) => show('region-text', (await json('/api/stock?region=' + event.target.value)).text));
// A web component whose button, in its shadow root, fetches the sheet.
customElements.define('kettle-sheet', class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML = '<button type="button">Spec sheet</button>';
    this.shadowRoot.querySelector('button').addEventListener('click', async () => show('sheet-text', await (await fetch('/sheets/' + 'k2.txt')).text()));
  }
});
</script></body></html>`;

/** What each control shows once pressed, by the id of the element it fills. */
export const SHOWN = {
  'details-text': 'Holds 1.2 litres; weighs 410 g.',
  'log-text': '2026: a wider spout',
  'tab-text': 'Titanium, 0.4 mm walls',
  'chart-text': '3, 5, 8',
  'sheet-text': 'K-2: 1.2 l, 410 g, titanium',
};

/** The controls to press offline, in order (the panel's button shows once "Compare models" opened it). */
export const PRESSES = ['#details', '#log summary', '#tab-specs', '#compare', '#chart'];
/** A choice in the menu of regions, and what it shows. */
export const CHOICE = { menu: '#region', value: 'asia', id: 'region-text', text: 'In stock in Asia: 12' };
const STOCK: Record<string, string> = { eu: 'In stock in Europe: 40', us: 'In stock in the Americas: 7', asia: CHOICE.text };

/** The web component's button, in its shadow root (Playwright's CSS goes into open shadow roots; Puppeteer's with `>>>`). */
export const SHADOW_PRESS = { host: 'kettle-sheet', button: 'button' };

/** The site: the page at `/`, an about page linking to it; `posted` gets each request that reached `/api/notes`. */
export function pressControlRoutes(posted: string[]): Record<string, FixtureRoute> {
  return {
    '/': { body: PAGE },
    '/about': { body: '<!doctype html><title>About</title><h1>About</h1><a href="/">The kettle</a>' },
    '/api/intro.json': { type: 'application/json', body: JSON.stringify({ text: 'A kettle for the hills.' }) },
    '/api/details?model=k2': { type: 'application/json', body: JSON.stringify({ text: SHOWN['details-text'] }) },
    '/fragments/changelog.html': { body: '<ul><li>2026: a wider spout</li></ul>' },
    '/tabs/specs.txt': { type: 'text/plain', body: SHOWN['tab-text'] },
    '/api/chart.json': { type: 'application/json', body: JSON.stringify({ points: [3, 5, 8] }) },
    '/sheets/k2.txt': { type: 'text/plain', body: SHOWN['sheet-text'] },
    ...Object.fromEntries(Object.entries(STOCK).map(([region, text]) => [`/api/stock?region=${region}`, { type: 'application/json', body: JSON.stringify({ text }) }])),
    '/logout': { body: 'Signed out' },
    '/api/notes': {
      handle: (request, response) => {
        posted.push(`${request.method ?? ''} ${request.url ?? ''}`);
        response.writeHead(204).end();
      },
    },
  };
}
