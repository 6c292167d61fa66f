import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

// A site whose address redirects to its home page (`/` → `/en/home.html`, as sites with a
// language in the path do), which its pages link to by that address.

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { status: 302, headers: { location: '/en/home.html' }, body: '' },
    '/en/home.html': { body: '<title>Home</title><p>Welcome home.</p><a href="/en/about.html">About</a> <a href="home.html">This page</a>' },
    '/en/about.html': { body: '<title>About</title><p>About us.</p><a href="/en/home.html">Home</a> <a href="/">The site</a>' },
  });
});
afterAll(() => site.close());

describe('archiveSite: a start page that redirects', () => {
  it('saves the page it ends at once, as index.html, and links to it by either address lead there', async () => {
    const sink = new MemorySink();
    await archiveSite(site.url, sink, { allowPrivateNetworks: true, retries: 0, render: 'never' });
    const host = `127.0.0.1_${new URL(site.url).port}`;
    expect([...sink.files.keys()].filter((path) => path.endsWith('.html')).sort()).toEqual([`${host}/en/about.html`, 'index.html']);
    expect(sink.text('index.html')).toContain('<p>Welcome home.</p>');
    expect(sink.text('index.html')).toContain(`href="${host}/en/about.html">About</a>`);
    expect(sink.text('index.html')).toContain('href="index.html">This page</a>');
    expect(sink.text(`${host}/en/about.html`)).toContain('<a href="../../index.html">Home</a> <a href="../../index.html">The site</a>');
    expect(site.hits.get('/en/home.html')).toBe(1);
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    expect(manifest.resources.filter((entry) => entry.path === 'index.html')).toHaveLength(1);
  });
});
