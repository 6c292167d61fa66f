import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';

// A documentation site whose shared script fetches the same file as each page loads (gi-docgen's
// search index of its library, a blog's list of popular posts) and writes from it: `auto` renders
// the first two pages of a shape, which ask for the same and gain nothing else, and the others are
// not rendered: their live copies are answered from the first pages' recordings. A script that
// fetches each page's own file (its address made from the page's) keeps every page rendered.

const NAMES = ['rope', 'sail', 'keel', 'mast', 'helm', 'hull'];
const SHARED = `fetch('/popular.json').then((answer) => answer.json()).then((titles) => {
  document.getElementById('popular').textContent = 'Popular: ' + titles.join(', ');
});`;
const OWN = `fetch(location.pathname + 'notes.json').then((answer) => answer.json()).then((notes) => {
  document.getElementById('popular').textContent = 'Notes: ' + notes.text;
});`;

function site(script: string) {
  const page = (title: string, links: string) => ({
    body: `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>
<p>${'Words on rigging and sailing, from those who keep the boats. '.repeat(8)}</p><p id="popular"></p>${links}
<script src="/js/site.js"></script></body></html>`,
  });
  const links = NAMES.map((name) => `<a href="/guide/${name}/">${name}</a>`).join(' ');
  return {
    '/': page('The guide', links),
    ...Object.fromEntries(NAMES.map((name) => [`/guide/${name}/`, page(`On the ${name}`, '<a href="/">Home</a>')])),
    ...Object.fromEntries(NAMES.map((name) => [`/guide/${name}/notes.json`, { type: 'application/json', body: JSON.stringify({ text: `all about the ${name}` }) }])),
    '/popular.json': { type: 'application/json', body: JSON.stringify(['On the rope', 'On the keel']) },
    '/js/site.js': { type: 'text/javascript', body: script },
  };
}

async function mirror(served: FixtureSite): Promise<{ sink: MemorySink; manifest: Manifest }> {
  const sink = new MemorySink();
  // One page at a time: each page is decided after the ones before it were rendered and kept.
  await archiveSite(`${served.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, pageConcurrency: 1, renderTimeoutMs: 30_000 });
  return { sink, manifest: JSON.parse(sink.text('sitezip-manifest.json')) as Manifest };
}

const guidePages = (manifest: Manifest) => manifest.resources.filter((entry) => entry.render && new URL(entry.url).pathname.startsWith('/guide/'));

let shared: FixtureSite;
let own: FixtureSite;
beforeAll(async () => {
  [shared, own] = await Promise.all([serveFixture(site(SHARED)), serveFixture(site(OWN))]);
});
afterAll(async () => {
  await Promise.all([shared?.close(), own?.close()]);
});

describe('pages whose scripts ask only for what pages of their shape asked for', () => {
  it('are not rendered after the first two, and run offline on those pages\' recordings', async () => {
    const { sink, manifest } = await mirror(shared);
    const pages = guidePages(manifest);
    expect(pages).toHaveLength(NAMES.length);
    const by = pages.map((entry) => entry.render?.choice?.by);
    expect(by.filter((choice) => choice !== 'answered'), JSON.stringify(by)).toHaveLength(2);
    for (const entry of pages) expect(entry.render?.output, entry.url).toBe('live');
    await withOfflineCopy(sink, 'sitezip-answered-', async ({ open, requests }) => {
      for (const entry of pages.filter((page) => page.render?.choice?.by === 'answered')) {
        const copy = await open(entry.path);
        await expect.poll(() => copy.locator('#popular').textContent(), { message: entry.url }).toBe('Popular: On the rope, On the keel');
        await copy.close();
      }
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 120_000);

  it("are all rendered when each asks for a file of its own page's", async () => {
    const { manifest } = await mirror(own);
    const pages = guidePages(manifest);
    expect(pages).toHaveLength(NAMES.length);
    for (const entry of pages) {
      expect(entry.render?.choice?.by, entry.url).not.toBe('answered');
      expect(entry.render?.output, entry.url).toBe('live');
    }
  }, 120_000);
});
