import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayDataScript, replayLayerFile } from '../src/capture/replay-shim.js';
import { workerScripts } from '../src/capture/worker-scripts.js';
import type { BrowserResponse } from '../src/load/page-loader.js';
import { moduleLexerReady } from '../src/parse/index.js';
import { BrowserHost } from '../src/render/index.js';

// The replay layer's workers, where a render cannot take them yet: shared workers (Playwright
// tells of none, and Chromium routes none of their own requests) and a worker started by a
// worker. A copy is written by hand from recorded responses, as live-copy.ts writes one, and
// opened from file:// in Chromium with every other request refused.

const app = 'https://w.test/app/';

function recorded(path: string, body: string, type: BrowserResponse['type']): BrowserResponse {
  const url = new URL(path, app).href;
  const mimeType = path.endsWith('.json') ? 'application/json' : 'text/javascript';
  return {
    key: `GET ${url}`,
    method: 'GET',
    url,
    type,
    response: { requestedUrl: url, url, status: 200, headers: { 'content-type': mimeType }, mimeType, charset: undefined, body: Buffer.from(body), redirects: [] },
  };
}

const RECORDED = [
  // A classic shared worker: counts its connections, answers from fetched JSON.
  recorded('shared.js', `var connections = 0;
onconnect = function (event) {
  connections++;
  var port = event.ports[0];
  port.onmessage = function (message) {
    fetch('data/n.json').then(function (r) { return r.json(); }).then(function (n) { port.postMessage('shared: ' + message.data * n.k + ' over ' + connections + ' connections'); });
  };
};`, 'script'),
  // A module shared worker that imports a module by a root-relative path.
  recorded('mshared.js', `import { twice } from '/app/lib/twice.js';
onconnect = (event) => { event.ports[0].onmessage = (message) => event.ports[0].postMessage('module shared: ' + twice(message.data)); };`, 'script'),
  recorded('lib/twice.js', `export const twice = (n) => n * 2;`, 'script'),
  // A classic worker that starts a module worker, which finds its data by import.meta.url.
  recorded('outer.js', `onmessage = function (message) {
  var inner = new Worker(new URL('inner.js', location.href), { type: 'module' });
  inner.onmessage = function (answer) { postMessage('nested: ' + answer.data); };
  inner.postMessage(message.data);
};`, 'script'),
  recorded('inner.js', `const { k } = await (await fetch(new URL('data/n.json', import.meta.url))).json();
onmessage = (message) => postMessage(message.data + k + ' from ' + location.pathname);`, 'script'),
  recorded('data/n.json', `{ "k": 6 }`, 'fetch'),
  // What a worker the page starts from script text it wrote loads by its online address (Monaco's
  // workers: importScripts('https://…/workerMain.js#editorWorkerService') from a blob: URL).
  recorded('lib/helper.js', `self.helperSays = function (n) { return 'helper: ' + n * 3; };`, 'script'),
  // A worker that starts itself without end: the page starts 32 on workers' behalf (outer.js's
  // inner.js is one), then refuses (capture/worker-relay.ts); each level answers its depth.
  recorded('chain.js', `var child = new Worker('chain.js');
child.onmessage = function (event) { postMessage(event.data + 1); };
child.onerror = function () { postMessage(1); };`, 'script'),
];

const PAGE = `<!doctype html><meta charset="utf-8"><title>workers</title>
<script src="sitezip-replay.js"></script>
<ul id="out"></ul>
<script>
function show(text) { var li = document.createElement('li'); li.textContent = text; document.getElementById('out').append(li); }
function ask(port, message) { port.onmessage = function (event) { show(event.data); }; port.postMessage(message); }
new SharedWorker('shared.js');
ask(new SharedWorker('shared.js').port, 7);
ask(new SharedWorker(new URL('mshared.js', location.href), { type: 'module' }).port, 21);
ask(new Worker('outer.js'), 1);
new Worker('chain.js').onmessage = function (event) { show('chain: ' + event.data); };
ask(new Worker(URL.createObjectURL(new Blob(['onmessage = function (m) { postMessage("own blob: " + m.data + " at " + location.protocol); };']))), 5);
var inline = "'use strict'; importScripts('https://w.test/app/lib/helper.js#named'); onmessage = function (m) { postMessage(helperSays(m.data) + ' at ' + location.origin + ((function () { return this === undefined; })() ? ', strict' : '')); };";
var made = URL.createObjectURL(new Blob([inline.slice(0, 30), inline.slice(30)], { type: 'application/javascript' }));
ask(new Worker(made), 4);
URL.revokeObjectURL(made);
ask(new Worker('data:text/javascript;base64,' + btoa(inline)), 2);
ask(new Worker(URL.createObjectURL(new Blob([new TextEncoder().encode(inline).buffer], { type: 'text/javascript' }))), 1);
show('blob kept: ' + (new Blob(['x']) instanceof Blob) + ' ' + (new Blob(['x']).constructor === Blob) + ' ' + new Blob(['ab'], { type: 'text/plain' }).size);
</script>`;

const SHOWN = [
  'shared: 42 over 2 connections',
  'module shared: 42',
  'nested: 7 from /app/inner.js',
  'own blob: 5 at blob:',
  'chain: 32',
  // From text the page wrote, the helper's recorded script loaded; a data: worker's origin is opaque.
  'helper: 12 at https://w.test, strict',
  'helper: 6 at null, strict',
  'helper: 3 at https://w.test, strict',
  'blob kept: true true 2',
];

let host: BrowserHost;
let dir: string;

beforeAll(async () => {
  await moduleLexerReady;
  host = new BrowserHost({});
  dir = await mkdtemp(join(tmpdir(), 'sitezip-replay-workers-'));
  const roots = ['shared.js', 'mshared.js', 'outer.js', 'inner.js', 'chain.js'].map((path) => new URL(path, app).href);
  const responses = Object.fromEntries(
    RECORDED.filter((r) => r.type === 'fetch' || r.url.endsWith('/helper.js')).map((r) => [r.key, { status: 200, headers: r.response.headers, body: r.response.body.toString('base64') }]),
  );
  const data = { base: `${app}index.html`, responses, files: {}, scripts: workerScripts(roots, RECORDED, 1e6), originals: {}, pages: {}, sitePages: {} };
  await writeFile(join(dir, 'sitezip-replay.js'), replayDataScript(data) + replayLayerFile(data, true).text);
  await writeFile(join(dir, 'index.html'), PAGE);
});

afterAll(async () => {
  await host?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('workers of a live copy, from file://', () => {
  it('start shared, nested and module workers from the recording, one shared worker per script, at most 32 started by workers', async () => {
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
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(pathToFileURL(join(dir, 'index.html')).href);
      await page.waitForFunction((count) => document.querySelectorAll('#out li').length >= count, SHOWN.length, { timeout: 10_000 }).catch(() => undefined);
      const shown = await page.$$eval('#out li', (items) => items.map((item) => item.textContent));
      expect(shown.sort()).toEqual([...SHOWN].sort());
      expect(online).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await lease.close();
    }
  });
});
