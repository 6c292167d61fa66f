import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// PDF.js starts its module worker from a blob: URL whose text only imports the worker's script
// (`await import("<address>")`) when that address is of another origin than the page. Online it
// is not; from the copy's folder it is (a file's origin is opaque), and the import of a file in
// that blob worker failed: the report's pages were never drawn and the snapshot was kept. The
// live copy must start the recorded worker script instead, as online.

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Annual report</title></head>
<body><h1>Riverside Rowing Club</h1><p id="pages">Loading the report…</p>
<script type="module">
const address = new URL('/assets/report-worker.js', import.meta.url);
const page = new URL(location.href);
const sameOrigin = page.origin !== 'null' && page.origin === address.origin;
const source = sameOrigin ? address.href : URL.createObjectURL(new Blob(['await import("' + address.href + '");'], { type: 'text/javascript' }));
const worker = new Worker(source, { type: 'module' });
worker.onmessage = ({ data }) => { document.getElementById('pages').textContent = data; };
worker.postMessage('/report.json');
</script></body></html>`;
const WORKER = `import { summary } from './summary.js';
self.onmessage = async ({ data }) => { const report = await (await fetch(data)).json(); self.postMessage(summary(report)); };`;
const SUMMARY = `export const summary = (report) => report.pages.length + ' pages: ' + report.pages.join(', ');`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/assets/report-worker.js': { type: 'text/javascript', body: WORKER },
    '/assets/summary.js': { type: 'text/javascript', body: SUMMARY },
    '/report.json': { type: 'application/json', body: JSON.stringify({ pages: ['The year at a glance', 'Racing results', 'Finances'] }) },
  });
});
afterAll(() => site.close());

describe('a page that starts its module worker through a blob that imports it when the origins differ', () => {
  it('keeps its live copy, where the recorded worker starts and answers offline', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-worker-wrapper-', async ({ open, requests }) => {
      const copy = await open();
      await expect.poll(() => copy.locator('#pages').textContent()).toBe('3 pages: The year at a glance, Racing results, Finances');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
