import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, PreviousCopy, zipFileSink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureRoute, type FixtureSite } from './support/fixture-site.js';

// The book of archive-site-frames.test.ts, served with ETags: an update of the unchanged site
// gets 304s, the frame's included, and must still find the pages only the frame links to.
const TOC = '<noscript><iframe src="/toc.html"></iframe></noscript>';
const chapter = (title: string) => `<!doctype html><title>${title}</title><nav>${TOC}</nav><h1>${title}</h1>`;
const PAGES: Record<string, string> = {
  '/': chapter('The book'),
  '/toc.html': '<!doctype html><base target="_parent"><ol><li><a href="/ch1.html">One</a><li><a href="/ch2.html">Two</a></ol>',
  '/ch1.html': chapter('Chapter one'),
  '/ch2.html': chapter('Chapter two'),
};
const validated = (body: string): FixtureRoute => ({
  handle: (request, response) => {
    const etag = `"${Buffer.from(body).length}-${body.length % 97}"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag }).end(body);
  },
});

let site: FixtureSite;
let dir: string;
beforeAll(async () => {
  site = await serveFixture(Object.fromEntries(Object.entries(PAGES).map(([path, body]) => [path, validated(body)])));
  dir = await mkdtemp(join(tmpdir(), 'sitezip-frames-update-'));
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

describe('an update of a site whose pages a frame links to', () => {
  it('still saves the pages only the unchanged frame leads to', async () => {
    const options = { allowPrivateNetworks: true, retries: 0, render: 'never' as const };
    const zip = join(dir, 'first.zip');
    await archiveSite(site.url, zipFileSink(zip), options);
    const previous = await PreviousCopy.open(zip, site.url);
    const sink = new MemorySink();
    try {
      await archiveSite(site.url, sink, options, { previous });
    } finally {
      await previous.close();
    }
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const saved = manifest.resources.filter((r) => r.path).map((r) => `${new URL(r.url).pathname} ${r.status}`);
    // The frame is asked for again in full (a document is rewritten, not copied), and its links followed: chapter two answered 304.
    expect(saved.sort()).toEqual(['/ 200', '/ch1.html 304', '/ch2.html 304', '/toc.html 200']);
  });
});
