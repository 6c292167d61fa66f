import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

// A site's address that only sends the browser on with an immediate <meta http-equiv="refresh">
// ("Redirecting to docs/…"): the copy is of the page it goes to, as a browser shows it.

const refresh = (to: string, delay = 0) => `<!doctype html><title>Redirecting…</title><meta http-equiv="refresh" content="${delay}; url=${to}"><p>Redirecting to <a href="${to}">${to}</a>…</p>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: refresh('docs/') },
    '/docs/': { body: '<title>The docs</title><h1>The documentation</h1><p>How to install it.</p><a href="guide.html">Guide</a> <a href="/">Home</a>' },
    '/docs/guide.html': { body: '<title>Guide</title><p>The guide.</p><a href="./">Back to the docs</a>' },
    '/notice': { body: refresh('/docs/', 30).replace('Redirecting…', 'A notice') },
    '/loop-a': { body: refresh('/loop-b') },
    '/loop-b': { body: refresh('/loop-a') },
    '/nowhere': { body: refresh('http://127.0.0.1:9/').replace('Redirecting…', 'Moved') },
    '/missing': { body: refresh('/gone.html').replace('Redirecting…', 'Moved too') },
  });
});
afterAll(() => site.close());

const local = { allowPrivateNetworks: true, retries: 0, render: 'never' } as const;

async function page(path: string) {
  const sink = new MemorySink();
  await archivePage(`${site.origin}${path}`, sink, local);
  const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  return { index: sink.text('index.html'), start: manifest.resources[0]! };
}

describe('a start page that refreshes at once', () => {
  it('is followed as a redirect: the copy is the page it goes to', async () => {
    const { index, start } = await page('/');
    expect(index).toContain('<h1>The documentation</h1>');
    expect(start).toMatchObject({ url: `${site.origin}/`, finalUrl: `${site.origin}/docs/`, path: 'index.html' });
  });

  it('leaves the page as it is when its target cannot be had', async () => {
    expect((await page('/nowhere')).index).toContain('Moved');
    expect((await page('/missing')).index).toContain('Moved too');
  });

  it('is not followed when it waits (a notice), nor round a loop for ever', async () => {
    expect((await page('/notice')).index).toContain('A notice');
    const loop = await page('/loop-a');
    expect(loop.index).toContain('Redirecting');
    expect(site.hits.get('/loop-a')).toBeLessThanOrEqual(2);
  });

  it('in a mirror, is the page saved as index.html, and links to either address lead there', async () => {
    const sink = new MemorySink();
    await archiveSite(site.url, sink, local);
    const host = `127.0.0.1_${new URL(site.url).port}`;
    expect(sink.text('index.html')).toContain('<h1>The documentation</h1>');
    expect(sink.text('index.html')).toContain(`href="${host}/docs/guide.html">Guide</a> <a href="index.html">Home</a>`);
    expect(sink.text(`${host}/docs/guide.html`)).toContain('<a href="../../index.html">Back to the docs</a>');
    expect([...sink.files.keys()].filter((path) => path.endsWith('.html')).sort()).toEqual([`${host}/docs/guide.html`, 'index.html']);
  });
});
