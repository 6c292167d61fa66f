import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { replayFile } from '../src/capture/live-copy.js';
import { BrowserHost } from '../src/render/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { offlineContext, unpackSink } from './support/offline-copy.js';

// Rendered pages that share a folder of the copy (`/docs/a.html`, `/docs/b.html`), each showing
// what its script fetched: each keeps a replay file of its own. They once claimed one
// `docs/sitezip-replay.js`, and every page after the folder's first failed ("duplicate archive path").
// The layer itself is one file for all of them.

const page = (title: string, links: string) => ({
  body: `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${links}<p id="out"></p><script src="/app.js"></script></body></html>`,
});
const APP_JS = `fetch('/data/' + document.title + '.json').then((r) => r.json()).then((d) => { document.getElementById('out').textContent = d.text; });`;
const TITLES = ['a', 'b', 'c'];

let site: FixtureSite;
let manifest: Manifest;
let dir: string;
let sink: MemorySink;
beforeAll(async () => {
  site = await serveFixture({
    '/': page('home', TITLES.map((t) => `<a href="/docs/${t}.html">${t}</a>`).join(' ')),
    ...Object.fromEntries(TITLES.map((t) => [`/docs/${t}.html`, page(t, '<a href="/">home</a>')])),
    '/app.js': { type: 'text/javascript', body: APP_JS },
    ...Object.fromEntries(['home', ...TITLES].map((t) => [`/data/${t}.json`, { type: 'application/json', body: JSON.stringify({ text: `Fetched words of page ${t}` }) }])),
  });
  sink = new MemorySink();
  await archiveSite(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'always', renderTimeoutMs: 30_000 });
  manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  dir = await unpackSink(sink, 'sitezip-same-folder-');
}, 180_000);
afterAll(async () => {
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('rendered pages of one folder', () => {
  it('names each page its own replay file', () => {
    expect(replayFile('index.html')).toBe('sitezip-replay.js');
    expect(replayFile('h/docs/index.html')).toBe('h/docs/sitezip-replay.js');
    expect(replayFile('h/docs/a.html')).toBe('h/docs/a.html.sitezip-replay.js');
  });

  it('are all saved, live, each showing its own fetched words offline', async () => {
    expect(manifest.resources.filter((r) => r.error).map((r) => `${r.url}: ${r.error}`)).toEqual([]);
    expect([...sink.files.keys()].filter((path) => path.includes('sitezip-replay-layer'))).toEqual(['sitezip-replay-layer.js']);
    expect(sink.text('sitezip-replay-layer.js')).toContain('sitezipReplay');
    const host = new BrowserHost();
    try {
      for (const title of TITLES) {
        const entry = manifest.resources.find((r) => r.url === `${site.origin}/docs/${title}.html`);
        expect(entry?.render?.output, title).toBe('live');
        const html = sink.text(entry!.path!);
        // Its own data, then the layer every live page of the copy shares, from the copy's root.
        expect(html).toContain(`<script src="${title}.html.sitezip-replay.js"></script><script src="../../sitezip-replay-layer.js"></script>`);
        expect(sink.text(entry!.path!.replace(/[^/]*$/, `${title}.html.sitezip-replay.js`))).not.toContain('sitezipReplay');
        const lease = await host.open();
        try {
          const { online } = await offlineContext(lease.context);
          const tab = await lease.context.newPage();
          await tab.goto(pathToFileURL(join(dir, entry!.path!)).href, { waitUntil: 'load' });
          const words = `Fetched words of page ${title}`;
          await tab.waitForFunction((text) => document.getElementById('out')?.textContent === text, words, { timeout: 10_000 }).catch(() => undefined);
          expect(await tab.locator('#out').textContent()).toBe(words);
          expect(online).toEqual([]);
        } finally {
          await lease.close();
        }
      }
    } finally {
      await host.close();
    }
  });
});
