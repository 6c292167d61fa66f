import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// A page that shows what its site pushes over an event stream (EventSource): a match's live
// scores, a build log, prices. The stream never ends; online a reader sees the events that came
// so far and a source that stays open. Its copy must show those events offline, and no error.
const SCORES = `<!doctype html><html><head><meta charset="utf-8"><title>Live scores</title></head>
<body><h1>Harbour Cup final</h1><p id="status">Connecting…</p><p id="score">0 – 0</p><ol id="feed"></ol>
<script>
const feed = document.getElementById('feed');
const source = new EventSource('/live/final');
source.onopen = () => { document.getElementById('status').textContent = 'Live (' + source.readyState + ')'; };
source.onerror = () => { document.getElementById('status').textContent = 'Reconnecting… (' + source.readyState + ')'; };
source.onmessage = (event) => {
  const item = document.createElement('li');
  item.textContent = event.lastEventId + ': ' + event.data;
  feed.append(item);
};
source.addEventListener('score', (event) => {
  const { home, away } = JSON.parse(event.data);
  document.getElementById('score').textContent = home + ' – ' + away;
});
</script></body></html>`;

/** The stream: three events at once, one a little later, then only a keep-alive comment now and then; it never ends. */
function liveFinal(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.write('retry: 2000\n\n');
  response.write('id: 1\ndata: Kick-off at Harbour Park\n\n');
  response.write('id: 2\nevent: score\ndata: {"home":1,"away":0}\n\n');
  response.write('id: 3\ndata: Goal! Okafor heads in the corner\ndata: (12th minute)\n\n');
  const later = setTimeout(() => response.write('id: 4\ndata: Yellow card for Lindqvist\n\n'), 150);
  const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), 10_000);
  response.once('close', () => {
    clearTimeout(later);
    clearInterval(keepAlive);
  });
}

// The same feed read by a worker, which hands each event to its page.
const WORKER_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Live scores</title></head>
<body><h1>Harbour Cup final</h1><p id="status">Connecting…</p><p id="score">0 – 0</p><ol id="feed"></ol>
<script>
new Worker('/feed-worker.js').onmessage = ({ data }) => {
  if (data.status) document.getElementById('status').textContent = data.status;
  if (data.item) document.getElementById('feed').append(Object.assign(document.createElement('li'), { textContent: data.item }));
};
</script></body></html>`;
const FEED_WORKER = `const source = new EventSource('/live/worker');
source.onopen = () => postMessage({ status: 'Live (' + source.readyState + ')' });
source.onmessage = (event) => postMessage({ item: event.lastEventId + ': ' + event.data });`;

const FEED = ['1: Kick-off at Harbour Park', '3: Goal! Okafor heads in the corner\n(12th minute)', '4: Yellow card for Lindqvist'];

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: SCORES },
    '/live/final': { handle: (_request, response) => liveFinal(response) },
    '/gone': { body: SCORES.replace('/live/final', '/live/none') },
    '/worker': { body: WORKER_PAGE },
    '/feed-worker.js': { type: 'text/javascript', body: FEED_WORKER },
    '/live/worker': { handle: (_request, response) => liveFinal(response) },
  });
});
afterAll(() => site.close());

/** What the page shows once its feed has `items` entries. */
function shown(page: Page, items: number): Promise<{ status: string; score: string; feed: string[] }> {
  return page
    .waitForFunction(`document.getElementById('feed').children.length >= ${items} && !/Connecting/.test(document.getElementById('status').textContent)`)
    .then(() =>
      page.evaluate(`({
        status: document.getElementById('status').textContent,
        score: document.getElementById('score').textContent,
        feed: [...document.querySelectorAll('#feed li')].map((item) => item.textContent),
      })`),
    );
}

describe('a page fed by an event stream', () => {
  it('is rendered with the events that came, and its live copy shows them offline with the source open', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    expect(render?.check?.pixelDiff).toBeLessThanOrEqual(0.5);
    // The stream was asked for once: the render read it for a moment and did not ask again.
    expect(site.hits.get('/live/final')).toBe(1);

    await withOfflineCopy(sink, 'sitezip-event-stream-', async (copy) => {
      expect(await shown(await copy.open(), FEED.length)).toEqual({ status: 'Live (1)', score: '1 – 0', feed: FEED });
      expect(copy.requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);

  it('read by a worker is recorded too, and the worker gets its events offline', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/worker`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    expect(site.hits.get('/live/worker')).toBe(1);
    await withOfflineCopy(sink, 'sitezip-event-stream-', async (copy) => {
      expect(await shown(await copy.open('index.html'), FEED.length)).toEqual({ status: 'Live (1)', score: '0 – 0', feed: FEED });
    });
  }, 60_000);

  it('reports an error and closes when its address answers with no stream, as online', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/gone`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-event-stream-', async (copy) => {
      expect(await shown(await copy.open(), 0)).toEqual({ status: 'Reconnecting… (2)', score: '0 – 0', feed: [] });
    });
  }, 60_000);
});
