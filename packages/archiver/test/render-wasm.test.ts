import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// A page whose numbers come from WebAssembly its script fetches, as image, PDF and spreadsheet
// viewers and games do: streamed (instantiateStreaming wants the response's type,
// application/wasm), from the bytes, beside a module and in a worker. Offline the copy's fetch() of the module is the replay
// layer's answer, which must keep what the browser checks.
const ADD_WASM = Buffer.from('0061736d0100000001070160027f7f017f030201000707010361646400000a09010700200020016a0b', 'hex');

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Lock levels</title></head>
<body><h1>Lock levels</h1><p id="streamed">…</p><p id="bytes">…</p><p id="beside">…</p><p id="worker">…</p>
<script type="module" src="/assets/gauge.js"></script>
<script>
WebAssembly.instantiateStreaming(fetch('/wasm/add.wasm')).then(({ instance }) => {
  document.getElementById('streamed').textContent = 'Upper pound: ' + instance.exports.add(40, 2) + ' m';
});
const worker = new Worker('/assets/levels-worker.js');
worker.onmessage = (event) => { document.getElementById('worker').textContent = 'Sill depth: ' + event.data + ' m'; };
fetch('/wasm/add.wasm?bytes').then((r) => r.arrayBuffer()).then((bytes) => WebAssembly.instantiate(bytes)).then(({ instance }) => {
  document.getElementById('bytes').textContent = 'Lower pound: ' + instance.exports.add(30, 7) + ' m';
});
</script></body></html>`;

// A module that finds its WebAssembly beside itself, as bundlers write it (Vite: new URL(…, import.meta.url)).
const GAUGE = `const { instance } = await WebAssembly.instantiateStreaming(fetch(new URL('./gauge.wasm', import.meta.url)));
document.getElementById('beside').textContent = 'Tail water: ' + instance.exports.add(3, 4) + ' m';
`;

// A worker that computes with it off the main thread.
const LEVELS_WORKER = `WebAssembly.instantiateStreaming(fetch('/wasm/add.wasm?worker')).then(({ instance }) => postMessage(instance.exports.add(2, 3)));`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/wasm/add.wasm': { type: 'application/wasm', body: ADD_WASM },
    '/assets/gauge.js': { type: 'text/javascript', body: GAUGE },
    '/assets/gauge.wasm': { type: 'application/wasm', body: ADD_WASM },
    '/assets/levels-worker.js': { type: 'text/javascript', body: LEVELS_WORKER },
  });
});
afterAll(() => site.close());

describe('a page built by WebAssembly it fetches', () => {
  it('is kept live, and its copy runs the module offline: streamed, from bytes, beside a module and in a worker', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-wasm-', async ({ open, requests }) => {
      const copy = await open();
      await expect.poll(() => copy.locator('#streamed').textContent()).toBe('Upper pound: 42 m');
      await expect.poll(() => copy.locator('#bytes').textContent()).toBe('Lower pound: 37 m');
      await expect.poll(() => copy.locator('#beside').textContent()).toBe('Tail water: 7 m');
      await expect.poll(() => copy.locator('#worker').textContent()).toBe('Sill depth: 5 m');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
