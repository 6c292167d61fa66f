import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

// One address asked for two ways: a stylesheet the page links and its script also fetch()es
// (a web component putting the theme into its shadow root), an icon the script fetch()es and
// then shows as an image, the page itself, which its script fetch()es. The browser asks once per way, the render fetches once: the live copy
// needs the response both as a file and as an answer to fetch().
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Themed</title><link rel="stylesheet" href="/theme.css"></head>
<body><div id="root"></div><p id="icon-size"></p>
<script>
  fetch('/theme.css').then((r) => r.text()).then((css) => {
    const shadow = document.getElementById('root').attachShadow({ mode: 'open' });
    shadow.innerHTML = '<style>' + css + '</style><p class="themed">Themed in the shadow</p>';
    return fetch('/icon.svg');
  }).then((r) => r.text()).then((svg) => {
    document.getElementById('icon-size').textContent = 'An icon of ' + svg.length + ' characters';
    const icon = new Image();
    icon.src = '/icon.svg';
    document.body.append(icon);
    // And the page itself, as a script that reads its own markup asks for it.
    return fetch(location.href).then((r) => r.text());
  }).then((html) => {
    document.getElementById('icon-size').append(' on a page of ' + html.length + ' characters');
  });
</script></body></html>`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><circle cx="8" cy="8" r="8" fill="teal"/></svg>';

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/theme.css': { type: 'text/css', body: '.themed { color: rgb(120, 20, 90); font: 24px sans-serif; }' },
    '/icon.svg': { type: 'image/svg+xml', body: ICON },
  });
});
afterAll(() => site.close());

describe('a live copy of a page that asks for one address two ways', () => {
  it('answers fetch() for a stylesheet it also links, and shows as a file an image it also fetched', async () => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, render: 'always', renderTimeoutMs: 15_000 });
    const render = (JSON.parse(sink.text('sitezip-manifest.json')) as Manifest).resources[0]?.render;
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    // Each address was asked of the site once.
    expect(site.hits.get('/theme.css')).toBe(1);
    expect(site.hits.get('/icon.svg')).toBe(1);
    expect(site.hits.get('/')).toBe(1);
  }, 60_000);
});
