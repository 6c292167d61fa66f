import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';

// A page whose scripts ask with a value made for the occasion, as jQuery's `cache: false` does
// (`_=<the time>`) and others with Math.random(): offline they ask with another value.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Board</title></head>
<body><h1>Departures</h1><ul id="items"></ul><p id="count"></p>
<script>
fetch('/api/items?_=' + Date.now()).then((r) => r.json()).then((items) => {
  document.getElementById('items').innerHTML = items.map((item) => '<li>' + item + '</li>').join('');
});
const xhr = new XMLHttpRequest();
xhr.open('GET', '/api/count?lang=en&r=' + Math.random());
xhr.onload = () => { document.getElementById('count').textContent = xhr.responseText; };
xhr.send();
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/api/items': { type: 'application/json', body: JSON.stringify(['08:10 Lyon, platform 4', '08:25 Geneva, platform 7', '08:40 Turin, platform 2']) },
    '/api/count': { type: 'text/plain', body: 'Three trains within the hour' },
  });
});
afterAll(() => site.close());

describe('a live copy of a page that asks with values made for the occasion', () => {
  it('answers them offline from the recording of the same request', async () => {
    const { render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { pixelDiff: 0, textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
  }, 60_000);
});
