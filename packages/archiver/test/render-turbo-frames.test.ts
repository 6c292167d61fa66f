import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { frameLinks } from '../src/capture/named-fragments.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';

// Turbo 8 (the npm package's own build): a contents frame whose links load its next document into
// the frame. In a live copy the layer took a click on such a link for a link to the document's
// local copy, and the whole page became the frame's document (a hold-out Hotwire site).

const TURBO = readFileSync(createRequire(import.meta.url).resolve('@hotwired/turbo/dist/turbo.es2017-umd.js'));
const page = (title: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><script src="/turbo.js"></script></head><body>
<aside><turbo-frame id="toc"><h2>Contents, page 1</h2><a href="/guide.html" data-turbo-frame="_top">Guide</a> <a class="next" href="/frames/toc-2.html">Next</a></turbo-frame></aside>
<main><h1>${title}</h1><p>Turbo Drive follows the links between pages; the contents frame pages within itself.</p>
<turbo-frame id="related" src="/frames/related.html" target="_top"></turbo-frame></main></body></html>`;
const TOC_2 = `<!doctype html><html><head><title>Contents</title></head><body><turbo-frame id="toc"><h2>Contents, page 2</h2><a href="/frames/toc-1.html">Back</a></turbo-frame></body></html>`;
const RELATED = `<!doctype html><html><head><title>Related</title></head><body><turbo-frame id="related"><p class="related">See also the guide.</p></turbo-frame></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: page('Home') },
    '/guide.html': { body: page('Guide') },
    '/turbo.js': { type: 'text/javascript', body: TURBO },
    '/frames/toc-2.html': { body: TOC_2 },
    '/frames/related.html': { body: RELATED },
  });
});
afterAll(() => site?.close());

describe("a Turbo frame's link that loads its next document into the frame", () => {
  it('swaps the frame offline in the live copy, the page staying where it is', async () => {
    const sink = new MemorySink();
    await archiveSite(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, renderTimeoutMs: 30_000 });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const home = manifest.resources.find((resource) => resource.url === `${site.origin}/`);
    expect(home?.render?.output, JSON.stringify(home?.render)).toBe('live');
    await withOfflineCopy(sink, 'sitezip-turbo-frames-', async ({ open, requests }) => {
      const copy = await open('index.html');
      await expect.poll(() => copy.locator('p.related').count()).toBe(1);
      const at = copy.url();
      await copy.click('#toc a.next');
      await expect.poll(() => copy.locator('#toc h2').textContent()).toBe('Contents, page 2');
      expect(copy.url()).toBe(at);
      expect(await copy.locator('main h1').textContent()).toBe('Home');
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 90_000);

  it("lists the links a frame's documents load from, with the frame's id, not those sent to the top", () => {
    const html = `<turbo-frame id="toc"><a href="/frames/toc-2.html">2</a><a href="/guide.html" data-turbo-frame="_top">Guide</a></turbo-frame>
<turbo-frame id="nav" target="_top"><a href="/other.html">Other</a></turbo-frame><a href="/frames/toc-3.html" data-turbo-frame="toc">3</a><a href="/plain.html">Plain</a>`;
    expect(frameLinks(html, 'https://docs.example/')).toEqual([
      { url: 'https://docs.example/frames/toc-2.html', frame: 'toc' },
      { url: 'https://docs.example/frames/toc-3.html', frame: 'toc' },
    ]);
  });
});
