import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { siteFixture } from './site.fixture.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

let site: FixtureSite;
let other: FixtureSite;
beforeAll(async () => {
  other = await serveFixture({ '/elsewhere': { body: 'other site' } });
  site = await serveFixture(siteFixture(other.origin));
});
afterAll(async () => {
  await site.close();
  await other.close();
});

const local = { allowPrivateNetworks: true, retries: 0 };

async function crawl(options: Parameters<typeof archiveSite>[2] = {}) {
  const sink = new MemorySink();
  const summary = await archiveSite(site.url, sink, { ...local, ...options });
  const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  return { sink, summary, manifest, host: `127.0.0.1_${new URL(site.url).port}` };
}

/** A crawl whose pages are parsed by `threads` worker threads (see html-scan-pool.ts; '0': in this thread). */
async function crawlWithParseThreads(threads: string, options: Parameters<typeof archiveSite>[2]) {
  const before = process.env.SITEZIP_PARSE_THREADS;
  process.env.SITEZIP_PARSE_THREADS = threads;
  try {
    return await crawl(options);
  } finally {
    if (before === undefined) delete process.env.SITEZIP_PARSE_THREADS;
    else process.env.SITEZIP_PARSE_THREADS = before;
  }
}

describe('archiveSite', () => {
  it('mirrors the pages in scope, linked to each other by relative paths', async () => {
    site.hits.clear();
    const { sink, host, summary } = await crawl({ maxVariantsPerPath: 3 });
    const index = sink.text('index.html');
    // /about, /about/ and /about/index.html are one page, saved once.
    expect(index).toContain(`href="${host}/about/index.html">About</a>`);
    expect(index).toContain(`href="${host}/about/index.html">About again</a>`);
    expect(index).toContain(`href="${host}/about/index.html">About slash</a>`);
    expect(sink.text(`${host}/about/index.html`)).toContain('<p>About us</p>');
    expect(sink.text(`${host}/about/index.html`)).toContain('href="../../index.html">Home</a>');
    // Session ids are dropped: post-1 is one page.
    expect(index).toContain(`href="${host}/blog/post-1/index.html">Post 1 with session</a>`);
    expect(sink.text(`${host}/blog/post-2/index.html`)).toContain('href="../post-1/index.html#comments"');
    // Links out of scope stay absolute; the shared stylesheet and image are fetched once.
    expect(index).toContain(`href="${other.origin}/elsewhere"`);
    expect(site.hits.get('/site.css')).toBe(1);
    expect(site.hits.get('/bg.png')).toBe(1);
    expect(sink.text(`${host}/site.css`)).toContain('url(bg.png)');
    // The sitemap seeded a page no link leads to.
    expect(sink.text(`${host}/from-sitemap/index.html`)).toContain('seeded');
    expect(summary.manifest.resources.length).toBeGreaterThan(10);
  });

  it("goes on when a page's place in the archive is taken: that page is noted, the others saved", async () => {
    const host = `127.0.0.1_${new URL(site.url).port}`;
    // A sink that already holds the file one page goes to (as a page saved before a failure after
    // it left it): saving the page fails, and so did the note put in its place, which stopped the crawl.
    const sink = new MemorySink();
    await sink.add(`${host}/about/index.html`, Buffer.from('taken'));
    await archiveSite(site.url, sink, { ...local, maxVariantsPerPath: 3 });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const about = manifest.resources.find((r) => r.url === `${site.origin}/about`);
    expect(about, JSON.stringify(manifest.resources.map((r) => r.url))).toMatchObject({ errorCode: 'PAGE_SKIPPED', error: `Not captured: duplicate archive path ${host}/about/index.html` });
    expect(sink.text(`${host}/about/index.html`)).toBe('taken');
    expect(sink.text(`${host}/blog/post-2/index.html`)).toContain('href="../post-1/index.html#comments"');
  });

  it('obeys robots.txt groups, meta robots and X-Robots-Tag', async () => {
    site.hits.clear();
    const { sink, host } = await crawl();
    expect(site.hits.has('/private/secret')).toBe(false);
    expect(site.hits.has('/no-sitezip/x')).toBe(false);
    expect(site.hits.has('/private/open')).toBe(true);
    expect(site.hits.has('/star-only/page')).toBe(true);
    // A page robots.txt keeps us from is not captured: its link stays absolute.
    expect(sink.files.has(`${host}/private/secret/index.html`)).toBe(false);
    expect(sink.text('index.html')).toContain(`href="${site.origin}/private/secret"`);
    // noindex: not saved (a note instead); nofollow: saved, its links not followed.
    expect(sink.text(`${host}/noindex/index.html`)).toContain('noindex');
    expect(sink.text(`${host}/nofollow/index.html`)).toContain('Nofollow');
    expect(site.hits.has('/from-nofollow')).toBe(false);
    expect(site.hits.has('/from-noindex')).toBe(false);
    // The same directives as an X-Robots-Tag header.
    expect(sink.text(`${host}/header-noindex/index.html`)).toContain('noindex');
    expect(sink.text(`${host}/header-noindex/index.html`)).not.toContain('secret');
    expect(sink.text(`${host}/header-nofollow/index.html`)).toContain('Header nofollow');
    expect(site.hits.has('/from-header-nofollow')).toBe(false);
  });

  it('stops calendars and reports why the crawl stopped', async () => {
    site.hits.clear();
    const { manifest, summary } = await crawl({ maxVariantsPerPath: 3 });
    const months = [...site.hits.keys()].filter((k) => k.startsWith('/calendar'));
    expect(months.length).toBe(3);
    // The trap guard cut the crawl short: the manifest says so, and what it refused and why.
    expect(summary.stoppedByCode).toBe('trap');
    expect(manifest.stoppedBy).toBe('trap guard: more than 3 query variants of /calendar/');
    expect(manifest.refused?.urls).toContainEqual({
      url: `${site.origin}/calendar/?month=4`,
      code: 'query-variants',
      reason: 'more than 3 query variants of /calendar/',
    });
    expect(manifest.refused?.counts).toMatchObject({ 'query-variants': 1, 'robots-txt': 2 });
    const limited = await crawl({ maxPages: 4 });
    expect(limited.summary.stoppedBy).toMatch(/maxPages \(4\)/);
    expect(limited.summary.stoppedByCode).toBe('max-pages');
    expect(limited.manifest.stoppedBy).toMatch(/maxPages/);
    expect(limited.manifest.refused?.counts['max-pages']).toBeGreaterThan(3);
    expect(limited.manifest.refused?.urls.filter((r) => r.code === 'max-pages')[0]?.reason).toBe('more than 4 pages');
    expect(limited.sink.text('index.html')).toContain(`href="${site.origin}/missing"`);
  });

  it('respects the depth limit and keeps deeper links absolute', async () => {
    const { sink, host } = await crawl({ maxDepth: 2, useSitemaps: false });
    expect(sink.files.has(`${host}/deep/1/index.html`)).toBe(true);
    expect(sink.files.has(`${host}/deep/2/index.html`)).toBe(false);
    expect(sink.text(`${host}/deep/1/index.html`)).toContain(`href="${site.origin}/deep/2"`);
  });
  it('saves the same files whether pages are parsed in threads or in the main thread', async () => {
    const inThread = await crawlWithParseThreads('0', { maxVariantsPerPath: 3 });
    const pooled = await crawlWithParseThreads('2', { maxVariantsPerPath: 3 });
    expect(inThread.sink.files.size).toBeGreaterThan(10);
    const files = (sink: MemorySink) => new Map([...sink.files].filter(([path]) => path !== 'sitezip-manifest.json').sort(([a], [b]) => a.localeCompare(b)));
    expect(files(pooled.sink)).toEqual(files(inThread.sink));
    const resources = (manifest: Manifest) => [...manifest.resources].sort((a, b) => a.url.localeCompare(b.url));
    expect(resources(pooled.manifest)).toEqual(resources(inThread.manifest));
  });
});
