import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, MemorySink, type Manifest } from '../src/index.js';
import { HttpFetcher } from '../src/fetch/http-fetcher.js';
import { parseOptions } from '../src/options.js';
import { BrowserHost, parseRenderLimits, renderPage, type RenderResult } from '../src/render/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

// Workers a render could not see before (render/worker-routing.ts): a shared worker whose fetch()
// and imports Chromium did not route, and a worker started by a worker, whose very script went
// to the browser's dead proxy. Rendered, they must work and be recorded; copied, they must run
// offline from the recording.

const js = (body: string) => ({ type: 'text/javascript', body });
const ROUTES = {
  '/app/': {
    // Each answer has a line of its own: the workers answer in any order, and a list in the
    // order of arrival would draw another picture offline than online now and then.
    body: `<!doctype html><meta charset="utf-8"><title>workers</title><ul id="out"><li id="s"></li><li id="m"></li><li id="n"></li><li id="b"></li></ul>
<script>
function ask(port, message, line) { port.onmessage = function (event) { document.getElementById(line).textContent = event.data; }; port.postMessage(message); }
new SharedWorker('shared.js?v=1');
ask(new SharedWorker('shared.js?v=1').port, 7, 's');
ask(new SharedWorker(new URL('mshared.js', location.href), { type: 'module' }).port, 21, 'm');
ask(new Worker('outer.js'), 1, 'n');
// As Monaco starts its workers: from a blob: URL of text that loads the worker's script by its
// absolute address (with a fragment naming the worker).
var text = "importScripts('" + new URL('lib/helper.js#named', location.href).href + "'); onmessage = function (m) { postMessage(helperSays(m.data)); };";
ask(new Worker(URL.createObjectURL(new Blob([text], { type: 'application/javascript' }))), 4, 'b');
</script>`,
  },
  // Strict, a shared worker's way to count its connections, data by a relative fetch().
  '/app/shared.js?v=1': js(`'use strict';
var connections = 0;
onconnect = function (event) {
  connections++;
  var port = event.ports[0];
  port.onmessage = function (message) {
    fetch('data/n.json').then(function (r) { return r.json(); }).then(function (n) {
      port.postMessage('shared: ' + message.data * n.k + ' over ' + connections + ' connections at ' + location.search);
    });
  };
};`),
  '/app/mshared.js': js(`import { twice } from '/app/lib/twice.js';
onconnect = (event) => { event.ports[0].onmessage = (message) => event.ports[0].postMessage('module shared: ' + twice(message.data)); };`),
  '/app/lib/twice.js': js('export const twice = (n) => n * 2;'),
  '/app/lib/helper.js': js(`self.helperSays = function (n) { return 'from blob: ' + n * 3; };`),
  '/app/outer.js': js(`onmessage = function (message) {
  var inner = new Worker(new URL('inner.js', location.href), { type: 'module' });
  inner.onmessage = function (answer) { postMessage('nested: ' + answer.data); };
  inner.postMessage(message.data);
};`),
  '/app/inner.js': js(`onmessage = async (message) => {
  const { k } = await (await fetch(new URL('data/n.json', import.meta.url))).json();
  postMessage(message.data + k + ' from ' + location.pathname);
};`),
  '/app/data/n.json': { type: 'application/json', body: '{ "k": 6 }' },
};
const SHOWN = ['from blob: 12', 'module shared: 42', 'nested: 7 from /app/inner.js', 'shared: 42 over 2 connections at ?v=1'];

let site: FixtureSite;
let host: BrowserHost;
beforeAll(async () => {
  site = await serveFixture(ROUTES);
  host = new BrowserHost({});
});
afterAll(async () => {
  await host?.close();
  await site?.close();
});

const items = (html: string) => [...html.matchAll(/<li[^>]*>([^<]*)<\/li>/g)].map((match) => match[1]).sort();

describe('workers in a render', () => {
  let result: RenderResult;
  beforeAll(async () => {
    const fetcher = new HttpFetcher(parseOptions({ allowPrivateNetworks: true, retries: 0 }));
    try {
      result = await renderPage(`${site.origin}/app/`, { fetcher, host, signal: new AbortController().signal, limits: parseRenderLimits() });
    } finally {
      await fetcher.close();
    }
  });

  it('run shared and nested workers as the page online shows them', () => {
    expect(items(result.html)).toEqual(SHOWN);
  });

  it('record every worker script and request at its own address, unmarked', () => {
    const recorded = result.exchanges.map((exchange) => new URL(exchange.url).pathname + new URL(exchange.url).search).sort();
    expect(recorded).toEqual(['/app/', '/app/data/n.json', '/app/inner.js', '/app/lib/helper.js', '/app/lib/twice.js', '/app/mshared.js', '/app/outer.js', '/app/shared.js?v=1']);
    const [scripts, blobs] = [result.workers.filter((url) => !url.startsWith('blob:')), result.workers.filter((url) => url.startsWith('blob:'))];
    expect(scripts.map((url) => new URL(url).pathname + new URL(url).search).sort()).toEqual(['/app/inner.js', '/app/mshared.js', '/app/outer.js', '/app/shared.js?v=1']);
    expect(blobs).toHaveLength(1);
    expect([...site.hits.keys()].filter((path) => path.includes('sitezip'))).toEqual([]);
  });
});

describe('workers in a live copy', () => {
  let dir: string;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is kept, and runs them offline from the recording', async () => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}/app/`, sink, { allowPrivateNetworks: true, retries: 0, render: 'always' });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const render = manifest.resources[0]?.render;
    // The whole report on failure: a snapshot chosen under load once (text 1, nothing failed) said no more.
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    dir = await mkdtemp(join(tmpdir(), 'sitezip-render-workers-'));
    for (const [path, data] of sink.files) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), data);
    }
    const lease = await host.open();
    try {
      const online: string[] = [];
      await lease.context.route('**/*', (route) => {
        const url = route.request().url();
        if (/^(file|blob|data):/.test(url)) return route.continue();
        online.push(url);
        return route.abort('internetdisconnected');
      });
      const page = await lease.context.newPage();
      await page.goto(pathToFileURL(join(dir, 'index.html')).href);
      await page.waitForFunction(() => [...document.querySelectorAll('#out li')].every((li) => li.textContent), undefined, { timeout: 10_000 }).catch(() => undefined);
      expect(items(await page.content())).toEqual(SHOWN);
      expect(online).toEqual([]);
    } finally {
      await lease.close();
    }
  });
});
