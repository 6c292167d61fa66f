import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

// A book whose table of contents only a frame holds (mdBook's sidebar, written by a script, has
// a <noscript> frame of it), and an old frameset whose navigation is its own frame: the pages
// those frames link to are linked from nowhere else.
const TOC = '<noscript><iframe src="/toc.html"></iframe></noscript>';
const chapter = (title: string, extra = '') => `<!doctype html><title>${title}</title><nav>${TOC}</nav><h1>${title}</h1>${extra}`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: chapter('The book', '<a href="/ch1.html">Start reading</a> <a href="/old/">The old edition</a>') },
    '/toc.html': { body: '<!doctype html><base target="_parent"><ol><li><a href="/ch1.html">One</a><li><a href="/ch2.html">Two</a><li><a href="/ch3.html">Three</a></ol>' },
    '/ch1.html': { body: chapter('Chapter one') },
    '/ch2.html': { body: chapter('Chapter two') },
    '/ch3.html': { body: chapter('Chapter three') },
    '/old/': { body: '<!doctype html><title>Old edition</title><frameset cols="30%,70%"><frame src="/old/nav.html"><frame src="/old/intro.html"></frameset>' },
    '/old/nav.html': { body: '<!doctype html><a href="/old/intro.html" target="main">Intro</a> <a href="/old/appendix.html" target="main">Appendix</a>' },
    '/old/intro.html': { body: '<!doctype html><p>The old introduction</p>' },
    '/old/appendix.html': { body: '<!doctype html><p>The old appendix</p>' },
  });
});
afterAll(() => site.close());

async function crawl(options: Parameters<typeof archiveSite>[2] = {}) {
  const sink = new MemorySink();
  await archiveSite(site.url, sink, { allowPrivateNetworks: true, retries: 0, render: 'never', ...options });
  const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  // Pages and frames alike (a frame's document is HTML too), each address once.
  const pages = [...new Set(manifest.resources.filter((r) => r.contentType?.startsWith('text/html') && r.path).map((r) => new URL(r.url).pathname))];
  return { sink, pages, host: `127.0.0.1_${new URL(site.url).port}` };
}

describe('a site whose pages are linked from a frame only', () => {
  it("follows a frame's links as its page's, and links the frame to their copies", async () => {
    const { sink, pages, host } = await crawl();
    expect(pages.sort()).toEqual(['/', '/ch1.html', '/ch2.html', '/ch3.html', '/old/', '/old/appendix.html', '/old/intro.html', '/old/nav.html', '/toc.html']);
    const toc = [...sink.files.keys()].find((path) => path.endsWith('toc.html'))!;
    expect(sink.text(toc)).toContain('href="ch2.html"');
    expect(sink.text(`${host}/ch3.html`)).toContain('<h1>Chapter three</h1>');
    const nav = [...sink.files.keys()].find((path) => path.endsWith('old/nav.html'))!;
    expect(sink.text(nav)).toContain('href="appendix.html"');
  });

  it("counts them one level below the frame's page", async () => {
    const { pages } = await crawl({ maxDepth: 1 });
    // The start page's frame leads to the chapters; the old edition's frames are saved with it, the appendix its frame leads to is a level further down.
    expect(pages.sort()).toEqual(['/', '/ch1.html', '/ch2.html', '/ch3.html', '/old/', '/old/intro.html', '/old/nav.html', '/toc.html']);
  });
});
