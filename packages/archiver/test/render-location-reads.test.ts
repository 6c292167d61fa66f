import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { scriptsRewrittenOffThread } from '../src/capture/live-script.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// A hand-written router that reads the page's address from `location`, as VitePress's and
// Docusaurus's do: from file:// the path is the copy's file and no route matches. Its classic
// script fetch()es the route's data, its module import()s the route's chunk by a computed
// address, and an inline guard reloads the page when `document.URL` and `location.href` differ
// (SvelteKit's start script does); a button's handler attribute navigates by address, another
// through the location object its script took.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Guide</title>
<script>if (document.URL !== location.href) location.href = location.href;</script>
<script src="/app.js" defer></script><script type="module" src="/main.js"></script></head>
<body><h1 id="title">Loading</h1><p id="chunk"></p><a href="/guide/second">Next chapter</a>
<button onclick="goOn()">Read on</button><button onclick="jump()">Jump</button><button onclick="location.href = '/guide/second'; return false">Skip ahead</button></body></html>`;
const APP = `function goOn() { location.href = '/guide/' + (route === 'start' ? 'second' : 'start'); }
// Through the location object taken first, as Next.js's App Router loads a page it could not fetch.
function jump() { var place = window.location; place.assign('/guide/' + (route === 'start' ? 'second' : 'start')); }
var route = location.pathname.split('/').pop();
fetch('/data/' + route + '.json').then(function (r) { return r.json(); }).then(function (d) {
  document.getElementById('title').textContent = d.title;
});`;
// Bundle-sized (a licence header's worth of comment): rewritten in a thread while the page settles (live-script.ts).
const LICENCE = `/*! ${'Permission is hereby granted, free of charge, to any person obtaining a copy. '.repeat(250)} */\n`;
const MAIN = `const name = window.location.pathname.split('/').pop();
const { line } = await import('/chunks/' + name + '.js');
document.getElementById('chunk').textContent = line;`;

// A search page, as Sphinx's: its script reads the query from the address; offline its form
// submits to the copy's file, whose query is then the reader's.
const FIND = `<!doctype html><html><head><meta charset="utf-8"><title>Search</title><script src="/find.js" defer></script></head>
<body><form action="/find"><input name="q"></form><p id="results">…</p></body></html>`;
const FIND_JS = `const q = new URLSearchParams(window.location.search).get('q');
document.getElementById('results').textContent = q ? 'Results for: ' + q : 'Type a query';`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/guide/start': { body: PAGE },
    '/guide/second': { body: PAGE },
    '/find': { body: FIND },
    '/find.js': { type: 'text/javascript', body: FIND_JS },
    '/data/second.json': { type: 'application/json', body: JSON.stringify({ title: 'Chapter two: the long climb' }) },
    '/chunks/second.js': { type: 'text/javascript', body: "export const line = 'The second chunk';" },
    '/app.js': { type: 'text/javascript', body: LICENCE + APP },
    '/main.js': { type: 'text/javascript', body: LICENCE + MAIN },
    '/data/start.json': { type: 'application/json', body: JSON.stringify({ title: 'Chapter one: setting out' }) },
    '/chunks/start.js': { type: 'text/javascript', body: "export const line = 'The first chunk, found by the route';" },
  });
});
afterAll(() => site.close());

describe('a live copy of a page whose router reads location', () => {
  it('runs offline: its scripts read the address online, and import() a computed address from the import map', async () => {
    const before = scriptsRewrittenOffThread();
    const { sink, render } = await renderOnce(`${site.origin}/guide/start`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { pixelDiff: 0, textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    const app = [...sink.files.keys()].find((path) => path.endsWith('app.js'))!;
    expect(sink.text(app)).toContain('__SITEZIP_LOCATION__');
    // The classic script and the module, each once, while the page loaded.
    expect(scriptsRewrittenOffThread() - before).toBe(2);
  }, 60_000);

  it('keeps the scripts of a static capture as they came', async () => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}/guide/start`, sink, { allowPrivateNetworks: true, retries: 0, render: 'never' });
    const app = [...sink.files.keys()].find((path) => path.endsWith('app.js'))!;
    expect(sink.text(app)).toBe(LICENCE + APP);
    expect(sink.text('index.html')).toContain('<script>if (document.URL !== location.href) location.href = location.href;</script>');
  });

  it("in a mirror, a script's navigation by address goes to the local copy of that page", async () => {
    const sink = new MemorySink();
    await archiveSite(`${site.origin}/guide/start`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'always', renderTimeoutMs: 15_000, include: ['/guide/*'] });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const pages = manifest.resources.filter((r) => r.render);
    expect(pages.map((r) => `${new URL(r.url).pathname} ${r.render?.output}`).sort()).toEqual(['/guide/second live', '/guide/start live']);
    await withOfflineCopy(sink, 'sitezip-location-nav-', async ({ dir, open, requests: { online, failed } }) => {
      const page = await open();
      await page.getByText('Chapter one: setting out').waitFor();
      const second = pathToFileURL(join(dir, pages.find((r) => r.url.endsWith('/second'))!.path!)).href;
      await Promise.all([page.waitForURL(second), page.getByRole('button', { name: 'Read on' }).click()]);
      await page.getByText('Chapter two: the long climb').waitFor();
      // An event handler attribute's navigation by address, too.
      await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
      await Promise.all([page.waitForURL(second), page.getByRole('button', { name: 'Skip ahead' }).click()]);
      await page.getByText('Chapter two: the long climb').waitFor();
      // And one through the location object a script took.
      await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
      await Promise.all([page.waitForURL(second), page.getByRole('button', { name: 'Jump' }).click()]);
      await page.getByText('Chapter two: the long climb').waitFor();
      expect(online).toEqual([]);
      expect(failed).toEqual([]);
    });
  }, 90_000);

  it("reads the query the copy's file was opened with, the reader's, for the one it was rendered with", async () => {
    const { sink, render } = await renderOnce(`${site.origin}/find`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-query-', async ({ open, requests }) => {
      const page = await open();
      await expect.poll(() => page.locator('#results').textContent()).toBe('Type a query');
      await page.fill('input[name=q]', 'tides');
      await page.press('input[name=q]', 'Enter');
      await expect.poll(() => page.locator('#results').textContent()).toBe('Results for: tides');
      expect(new URL(page.url()).search).toBe('?q=tides');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
