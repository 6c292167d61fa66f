import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// What a live copy's scripts ask for later than its render (a framework's prefetch of its links'
// data on idle or hover, a button's request, a route's chunks and styles) is not in its recording.
// By an address that resolves to the disk (root-relative, from file://) it could never load, or
// by its address on the page's own site: the replay layer fails it as the network would offline,
// without a request, and says so on the console, where the self-check counts it as a failed request.

const SCHEDULE = `<!doctype html><html><head><meta charset="utf-8"><title>Tide tables</title></head>
<body><h1>Tide tables</h1><p id="today">…</p><button id="more">Next week</button><p id="outcome"></p>
<script>
fetch('/api/today.json').then((r) => r.json()).then((tide) => { document.getElementById('today').textContent = tide.text; });
const outcome = [];
const say = (text) => { outcome.push(text); document.getElementById('outcome').textContent = outcome.join('; '); };
// On a double click: the render presses a control once (press-controls.ts), and never asked for these.
document.getElementById('more').addEventListener('dblclick', () => {
  fetch('/api/next-week.json').then(() => say('fetch answered'), (error) => say('fetch ' + error.name));
  // By its address online: the page's own site.
  fetch(location.origin + '/api/month.json').then(() => say('own site answered'), (error) => say('own site ' + error.name));
  const xhr = new XMLHttpRequest();
  xhr.onerror = () => say('xhr error ' + xhr.status + ' ' + xhr.readyState);
  xhr.onload = () => say('xhr answered');
  xhr.open('GET', '/page-data/next-week/page-data.json');
  xhr.send();
  const sync = new XMLHttpRequest();
  sync.open('GET', '/api/sync.json', false);
  try { sync.send(); say('sync answered'); } catch (error) { say('sync ' + error.name); }
  // As webpack loads the chunks of a route (its public path '/'), and mini-css-extract-plugin their styles.
  const script = document.createElement('script');
  script.src = '/assets/js/next-week.js';
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.setAttribute('href', '/assets/css/next-week.css');
  const chart = new Image();
  for (const [name, element] of [['script', script], ['style', style], ['chart', chart]]) {
    element.onload = () => say(name + ' loaded');
    element.onerror = () => say(name + ' error');
  }
  document.head.append(script, style);
  chart.src = '/img/next-week.png';
});
</script></body></html>`;

// Asks at load for an address only the copy computes (a script's stack names its file): the render
// recorded the online one, the copy misses its own. Its console.warn is silenced, as production builds do.
const DIFFERENT = `<!doctype html><html><head><meta charset="utf-8"><title>Harbour notices</title></head>
<body><h1>Harbour notices</h1><p id="notice">…</p>
<script>
console.warn = () => {};
const where = new Error().stack.includes('file:') ? 'copy' : 'online';
fetch('/api/notice-' + where + '.json').then((r) => r.json()).then((notice) => { document.getElementById('notice').textContent = notice.text; });
</script></body></html>`;

// A router that prefetches its links' data at load, in another order in the copy than online
// (Next.js's depends on timing): what the copy asks for, the render never did. Each prefetch
// says so in its headers, as Next.js's do (a plain object, a Headers, a Request's, pairs). What
// they answered is kept aside: the page shows nothing of it.
const PREFETCHING = `<!doctype html><html><head><meta charset="utf-8"><title>Ferry routes</title></head>
<body><h1>Ferry routes</h1><p id="route">…</p>
<script>
fetch('/api/route.json').then((r) => r.json()).then((route) => { document.getElementById('route').textContent = route.text; });
const where = new Error().stack.includes('file:') ? 'copy' : 'online';
Promise.all([
  fetch('/routes/north/__next._tree.txt?where=' + where, { headers: { 'Next-Router-Prefetch': '1', 'Next-Router-Segment-Prefetch': '/_tree' } }),
  fetch('/routes/south.txt?where=' + where, { headers: new Headers({ 'next-router-prefetch': '1' }) }),
  fetch(new Request('/routes/east.json?where=' + where, { headers: { Purpose: 'prefetch' } })),
  fetch('/routes/west.json?where=' + where, { headers: [['purpose', 'prefetch']] }),
].map((asked) => asked.then(() => 'answered', (error) => error.name))).then((outcomes) => { window.prefetched = outcomes.join(' '); });
</script></body></html>`;

// A page that counts its visits on another site, as analytics do: a beacon by fetch(), a pixel
// and a script, each with something only this moment has (here, where it runs), which the
// render's recording cannot answer in the copy. Its own content comes from its own site.
const COUNTED = (tracker: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Lock keepers</title></head>
<body><h1>Lock keepers</h1><p id="keeper">…</p>
<script>
fetch('/api/keeper.json').then((r) => r.json()).then((keeper) => { document.getElementById('keeper').textContent = keeper.text; });
const where = new Error().stack.includes('file:') ? 'copy' : 'online';
fetch('${tracker}/collect?where=' + where, { method: 'POST', body: 'visit' }).catch(() => {});
new Image().src = '${tracker}/pixel.gif?where=' + where;
const counter = document.createElement('script');
counter.src = '${tracker}/counter.js?where=' + where;
document.head.append(counter);
new Worker('/assets/visits-worker.js');
</script></body></html>`;
// And its worker counts the visit too (in the copy it runs from a blob: URL).
const VISITS_WORKER = (tracker: string) => `const where = new Error().stack.includes('blob:') ? 'copy' : 'online';
fetch('${tracker}/collect?from=worker&where=' + where, { method: 'POST', body: 'visit' }).catch(() => {});
`;

let site: FixtureSite;
let tracker: FixtureSite;
beforeAll(async () => {
  tracker = await serveFixture({
    '/collect': { type: 'text/plain', body: 'ok' },
    '/pixel.gif': { type: 'image/gif', body: 'GIF89a' },
    '/counter.js': { type: 'text/javascript', body: 'window.counted = true;' },
  });
  site = await serveFixture({
    '/keepers': { body: COUNTED(tracker.origin) },
    '/assets/visits-worker.js': { type: 'text/javascript', body: VISITS_WORKER(tracker.origin) },
    '/api/keeper.json': { type: 'application/json', body: JSON.stringify({ text: 'Marsh lock is kept by Ada Lin, 7am to 7pm' }) },
    '/': { body: SCHEDULE },
    '/api/today.json': { type: 'application/json', body: JSON.stringify({ text: 'High water at 06:42, 4.1 m' }) },
    '/notices': { body: DIFFERENT },
    '/ferries': { body: PREFETCHING },
    '/api/route.json': { type: 'application/json', body: JSON.stringify({ text: 'North to Skerry Island at 9:15' }) },
    '/api/notice-online.json': { type: 'application/json', body: JSON.stringify({ text: 'The east pontoon is closed for repairs until Friday' }) },
  });
});
afterAll(async () => {
  await site?.close();
  await tracker?.close();
});

/** Readies a tab to keep its console's warnings, from before the copy's scripts run. */
const warningsInto = (warnings: string[]) => (page: Page) => {
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
};

describe("a live copy's request for what it does not have", () => {
  it('fails offline as the network would, with no request to the disk, and is named on the console', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-misses-', async ({ open, requests }) => {
      const warnings: string[] = [];
      const copy = await open('index.html', warningsInto(warnings));
      await expect.poll(() => copy.locator('#today').textContent()).toBe('High water at 06:42, 4.1 m');
      await copy.dblclick('#more');
      await expect.poll(async () => (await copy.locator('#outcome').textContent())!.split('; ').length).toBe(7);
      expect((await copy.locator('#outcome').textContent())!.split('; ').sort()).toEqual([
        'chart error',
        'fetch TypeError',
        'own site TypeError',
        'script error',
        'style error',
        'sync NetworkError',
        'xhr error 0 4',
      ]);
      expect(requests).toEqual({ online: [], failed: [] });
      expect(warnings.sort()).toEqual(
        [
          'GET /api/month.json',
          'GET /api/next-week.json',
          'GET /api/sync.json',
          'GET /assets/css/next-week.css',
          'GET /assets/js/next-week.js',
          'GET /img/next-week.png',
          'GET /page-data/next-week/page-data.json',
        ].map((request) => `sitezip: not in this copy: ${request.replace(' /', ` ${site.origin}/`)}`),
      );
    });
  }, 60_000);

  it("is not sent to another site: the copy stays live and quiet offline, the requests named on the console and counted apart", async () => {
    const { sink, render } = await renderOnce(`${site.origin}/keepers`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0, notSent: 4 } });
    await withOfflineCopy(sink, 'sitezip-not-sent-', async ({ open, requests }) => {
      const warnings: string[] = [];
      const copy = await open('index.html', warningsInto(warnings));
      await expect.poll(() => copy.locator('#keeper').textContent()).toBe('Marsh lock is kept by Ada Lin, 7am to 7pm');
      await expect.poll(() => warnings.length).toBe(4);
      expect(warnings.sort()).toEqual(
        ['GET /counter.js?where=copy', 'GET /pixel.gif?where=copy', 'POST /collect?from=worker&where=copy', 'POST /collect?where=copy'].map((request) => `sitezip: not sent from this copy: ${request.replace(' /', ` ${tracker.origin}/`)}`),
      );
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);

  it("is no failed request when it is a router's prefetch (said in its headers): the copy stays live, the prefetches counted apart", async () => {
    const { sink, render } = await renderOnce(`${site.origin}/ferries`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0, prefetchesMissed: 4 } });
    await withOfflineCopy(sink, 'sitezip-prefetch-', async ({ open, requests }) => {
      const warnings: string[] = [];
      const copy = await open('index.html', warningsInto(warnings));
      await expect.poll(() => copy.evaluate(() => (window as { prefetched?: string }).prefetched)).toBe('TypeError TypeError TypeError TypeError');
      await expect.poll(() => copy.locator('#route').textContent()).toBe('North to Skerry Island at 9:15');
      expect(warnings.sort()).toEqual(
        ['GET /routes/east.json?where=copy', 'GET /routes/north/__next._tree.txt?where=copy', 'GET /routes/south.txt?where=copy', 'GET /routes/west.json?where=copy'].map(
          (request) => `sitezip: prefetch not in this copy: ${request.replace(' /', ` ${site.origin}/`)}`,
        ),
      );
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);

  it('counts as a failed request in the self-check: a live copy missing what it asks for at load is refused', async () => {
    const { render } = await renderOnce(`${site.origin}/notices`);
    expect(render?.output, JSON.stringify(render)).toBe('snapshot');
    expect(render?.candidates?.live?.failedRequests).toBeGreaterThan(0);
  }, 60_000);
});
