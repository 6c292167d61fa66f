import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';

// Frames whose content scripts build: a same-origin frame that fetches its data (as a widget or
// a component explorer's preview frame does), with a blank frame of its own that it writes into,
// and a blank frame the page writes into (an editor, a sandboxed preview). Served, each is an
// empty shell; from a folder, a frame's fetch() fails (no replay layer answers it there).
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Frames</title></head><body>
<div id="root"></div>
<iframe id="widget" src="widget.html" width="400" height="200"></iframe>
<iframe id="blank" width="400" height="120"></iframe>
<script>
  fetch('/page.json').then((r) => r.json()).then((data) => { document.getElementById('root').textContent = data.title; });
  const blank = document.getElementById('blank').contentDocument;
  blank.body.innerHTML = '<p class="note">Written into a blank frame</p><img src="/dot.svg" width="10" height="10">';
  blank.head.innerHTML = '<style>.note { color: rgb(0, 128, 0); }</style>';
</script></body></html>`;

const WIDGET = `<!doctype html><html><head><meta charset="utf-8"><title>Widget</title></head><body>
<p id="status">loading</p><iframe id="inner" width="300" height="60"></iframe>
<script>
  fetch('widget.json').then((r) => r.json()).then((data) => {
    document.getElementById('status').textContent = data.status;
    document.getElementById('inner').contentDocument.body.innerHTML = '<b>' + data.inner + '</b>';
  });
</script></body></html>`;

// A component explorer's manager, which points its preview frame at the story by script (as
// Storybook's does): the live copy's script asks for the frame's address, which must be the
// frame's saved file.
const EXPLORER = `<!doctype html><html><head><meta charset="utf-8"><title>Explorer</title></head><body>
<nav>Stories: Button</nav>
<script>
  const frame = document.createElement('iframe');
  frame.src = '/preview.html?id=' + 'button--primary';
  document.body.append(frame);
</script></body></html>`;

// A page with a frame whose script fetches its start and counts clicks: in a live copy, the
// frame's scripts run too, on its own replay layer.
const COUNTED = `<!doctype html><html><head><meta charset="utf-8"><title>Counter</title></head><body>
<h1>Visitors today</h1><iframe id="counter" src="/counter.html" width="300" height="80"></iframe>
<script>fetch('/page.json').then((r) => r.json()).then((data) => { document.querySelector('h1').textContent = data.title; });</script></body></html>`;
const COUNTER = `<!doctype html><html><head><meta charset="utf-8"><title>Counter</title></head><body>
<button id="more">more</button> <span id="count">…</span>
<script>
  let count = 0;
  const show = () => { document.getElementById('count').textContent = 'Count ' + count; };
  fetch('/count.json').then((r) => r.json()).then((data) => { count = data.start; show(); });
  document.getElementById('more').addEventListener('click', () => { count += 1; show(); });
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/page.json': { type: 'application/json', body: JSON.stringify({ title: 'Dashboard' }) },
    '/widget.html': { body: WIDGET },
    '/widget.json': { type: 'application/json', body: JSON.stringify({ status: 'Widget ready', inner: 'Nested and written' }) },
    '/explorer': { body: EXPLORER },
    '/counted': { body: COUNTED },
    '/counter.html': { body: COUNTER },
    '/count.json': { type: 'application/json', body: JSON.stringify({ start: 41 }) },
    '/preview.html': { body: WIDGET.replace('widget.json', '/preview.json') },
    '/preview.json': { type: 'application/json', body: JSON.stringify({ status: 'Button, primary', inner: 'A preview' }) },
    '/dot.svg': { type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>' },
  });
});
afterAll(() => site.close());

describe('a rendered page whose frames scripts built', () => {
  it('keeps each frame as the render left it, and its copy shows them offline without a request', async () => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, render: 'always', renderTimeoutMs: 20_000 });
    const render = (JSON.parse(sink.text('sitezip-manifest.json')) as Manifest).resources[0]?.render;
    expect(render?.check, JSON.stringify(render)).toMatchObject({ textMatch: 1, failedRequests: 0, onlineRequests: 0 });
    // The frame's copy is its rendered DOM, its scripts gone (they would fetch from file://).
    const widgetPath = [...sink.files.keys()].find((path) => path.endsWith('/widget.html'));
    const widget = sink.text(widgetPath ?? 'widget.html');
    expect(widget).toContain('Widget ready');
    expect(widget).not.toContain('<script');
    await withOfflineCopy(sink, 'sitezip-frames-', async ({ open, requests }) => {
      const page = await open();
      await expect.poll(() => page.locator('#root').textContent()).toBe('Dashboard');
      const widgetFrame = page.frameLocator('#widget');
      await expect.poll(() => widgetFrame.locator('#status').textContent()).toBe('Widget ready');
      await expect.poll(() => widgetFrame.frameLocator('#inner').locator('b').textContent()).toBe('Nested and written');
      const note = page.frameLocator('#blank').locator('.note');
      await expect.poll(() => note.textContent()).toBe('Written into a blank frame');
      expect(await note.evaluate((el) => (globalThis as unknown as { getComputedStyle(el: unknown): { color: string } }).getComputedStyle(el).color)).toBe('rgb(0, 128, 0)');
      expect(await page.frameLocator('#blank').locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(10);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);

  it("runs a frame's scripts in the page's live copy: its own replay layer answers it, and a click in it works", async () => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}/counted`, sink, { allowPrivateNetworks: true, retries: 0, render: 'always', renderTimeoutMs: 20_000 });
    const render = (JSON.parse(sink.text('sitezip-manifest.json')) as Manifest).resources[0]?.render;
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    // Its element loads the frame's live copy, saved beside the frame as the render left it.
    const live = [...sink.files.keys()].find((path) => path.endsWith('/counter.html.sitezip-live.html'))!;
    expect(sink.text('index.html')).toContain(`src="${live}"`);
    expect(sink.text(live)).toContain("fetch('/count.json')");
    await withOfflineCopy(sink, 'sitezip-live-frames-', async ({ open, requests }) => {
      const page = await open();
      const counter = page.frameLocator('#counter');
      await expect.poll(() => counter.locator('#count').textContent()).toBe('Count 41');
      await counter.locator('#more').click();
      await expect.poll(() => counter.locator('#count').textContent()).toBe('Count 42');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);

  it("gives a frame the page's script points at an address the frame's saved copy", async () => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}/explorer`, sink, { allowPrivateNetworks: true, retries: 0, render: 'always', renderTimeoutMs: 20_000 });
    const render = (JSON.parse(sink.text('sitezip-manifest.json')) as Manifest).resources[0]?.render;
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
  }, 60_000);
});

