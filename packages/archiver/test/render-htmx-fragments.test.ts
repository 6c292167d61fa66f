import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// Tabs as htmx makes them: the first tab's content loads by itself, the others when clicked,
// each by an XHR GET of what its button's hx-get names, with `HX-Request: true` (a server that
// serves its pages with htmx answers the part to swap in, and the whole page without it).
const HTMX_LIKE = `document.addEventListener('click', (event) => {
  const button = event.target.closest('[hx-get]');
  if (button) load(button.getAttribute('hx-get'));
});
function load(address) {
  const xhr = new XMLHttpRequest();
  xhr.open('GET', address);
  xhr.setRequestHeader('HX-Request', 'true');
  xhr.onload = () => { document.getElementById('tab-content').innerHTML = xhr.responseText; };
  xhr.send();
}
load(document.getElementById('tab-content').getAttribute('hx-get'));`;

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Tabs</title></head><body>
<h1>Harbour notices</h1>
<div id="tab-content" hx-get="fragments/tab-0.html" hx-trigger="load"><p>Loading tabs…</p></div>
<script>${HTMX_LIKE}</script></body></html>`;

const TABS = `<div class="tabs"><button hx-get="fragments/tab-0.html">Tides</button><button id="second" hx-get="fragments/tab-1.html">Moorings</button></div>`;

function fragment(text: string) {
  return {
    handle: (request: IncomingMessage, response: ServerResponse) => {
      const part = request.headers['hx-request'] === 'true';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(part ? `${TABS}<p class="body">${text}</p>` : `<!doctype html><title>Notices</title><h1>Whole page</h1>${TABS}<p class="body">${text}</p>`);
    },
  };
}

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/fragments/tab-0.html': fragment('High water at 06:12 and 18:40.'),
    '/fragments/tab-1.html': fragment('Visitor moorings are on the east pontoon.'),
  });
});
afterAll(() => site.close());

describe('what htmx loads on a click', () => {
  it("is answered offline from the live copy's replay data, asked for as htmx asks", async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`, { render: 'auto' });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-htmx-', async ({ open, requests }) => {
      const page = await open();
      await expect.poll(() => page.locator('.body').textContent()).toBe('High water at 06:12 and 18:40.');
      await page.click('#second');
      await expect.poll(() => page.locator('.body').textContent()).toBe('Visitor moorings are on the east pontoon.');
      expect(await page.locator('h1').count()).toBe(1);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
