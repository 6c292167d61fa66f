import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';

// JSONP as jQuery does it (`dataType: 'jsonp'`): a callback named after Math.random and the
// time, a script asked with that name and `_=<the time>`, whose body calls it. Offline the page
// names its callback anew: the recorded script must reach it. Before, the live copy's script
// was not found (1 failed request) and the page kept a snapshot.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Timetable</title></head>
<body><h1>Timetable</h1><ul id="rows"></ul>
<script>
var callback = 'jQuery371' + String(Math.random()).replace(/\\D/g, '') + '_' + Date.now();
window[callback] = function (rows) {
  document.getElementById('rows').innerHTML = rows.map(function (row) { return '<li>' + row + '</li>'; }).join('');
  window[callback] = undefined;
};
var script = document.createElement('script');
script.src = '/api/rows?callback=' + callback + '&_=' + (Date.now() + 1);
document.head.appendChild(script);
</script></body></html>`;
const ROWS = ['09:05 Ferry to the islands, pier 2', '09:40 Coastal express, pier 5', '10:15 Harbour tour, pier 1'];

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/api/rows': {
      handle: (request, response) => {
        const name = new URL(request.url ?? '/', 'http://x').searchParams.get('callback') ?? 'missing';
        response.writeHead(200, { 'content-type': 'application/javascript' }).end(`/**/ typeof ${name} === 'function' && ${name}(${JSON.stringify(ROWS)});`);
      },
    },
  });
});
afterAll(() => site.close());

describe('a live copy of a page that loads its data by JSONP', () => {
  it('answers the callback the page names offline with the recorded script', async () => {
    const { render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { pixelDiff: 0, textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
  }, 60_000);
});
