import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';

// A script that finds its data beside itself, by its own address (`document.currentScript.src`,
// as webpack's `publicPath: 'auto'` finds its chunks): in the copy that address is the script's
// file, and the data's address is built on it.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Widget</title></head>
<body><h1>Opening hours</h1><ul id="hours"></ul><script src="/static/js/hours.js"></script></body></html>`;
const SCRIPT = `const data = new URL('../data/hours.json', document.currentScript.src);
fetch(data).then((r) => r.json()).then((rows) => {
  document.getElementById('hours').innerHTML = rows.map((row) => '<li>' + row + '</li>').join('');
});`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/static/js/hours.js': { type: 'text/javascript', body: SCRIPT },
    '/static/data/hours.json': { type: 'application/json', body: JSON.stringify(['Monday to Friday, 9 to 18', 'Saturday, 10 to 14', 'Sunday closed']) },
  });
});
afterAll(() => site.close());

describe('a live copy of a page whose script finds its data by its own address', () => {
  it('answers the data from the recording: a file address of the copy reads as the address online', async () => {
    const { render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { pixelDiff: 0, textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
  }, 60_000);
});
