import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest, type SiteOptionsInput } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

const page = (title: string, links: string[]) => ({ body: `<title>${title}</title>${links.map((l) => `<a href="${l}">${l}</a>`).join('')}` });

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': page('Home', ['/docs/a', '/docs/b', '/docs/old/z', '/blog/x', '/deep1', '/files/report.pdf']),
    '/docs/a': page('A', ['/docs/a/child', '/blog/y']),
    '/docs/a/child': page('Child', []),
    '/docs/b': page('B', []),
    '/docs/old/z': page('Old', []),
    '/blog/x': page('Blog', []),
    '/blog/y': page('Blog', []),
    '/deep1': page('Deep 1', ['/deep2']),
    '/deep2': page('Deep 2', ['/deep3']),
    '/deep3': page('Deep 3', []),
    '/files/report.pdf': { type: 'application/pdf', body: '%PDF-1.4' },
  });
});
afterAll(() => site.close());

async function crawl(options: SiteOptionsInput) {
  site.hits.clear();
  const sink = new MemorySink();
  const summary = await archiveSite(site.url, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, ...options });
  const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  const fetched = [...site.hits.keys()].filter((path) => path !== '/robots.txt').sort();
  return { sink, summary, manifest, fetched };
}

describe('include and exclude patterns', () => {
  it('follow only the pages the patterns allow, and report the others as refused', async () => {
    const { sink, summary, manifest, fetched } = await crawl({ include: ['/docs/**'], exclude: ['/docs/old/**', '*.pdf'] });
    expect(fetched).toEqual(['/', '/docs/a', '/docs/a/child', '/docs/b']);
    expect(manifest.refused?.counts).toEqual({ excluded: 2, 'not-included': 3 });
    expect(manifest.refused?.urls).toContainEqual({ url: `${site.origin}/docs/old/z/`, code: 'excluded', reason: 'matches the exclude pattern /docs/old/**' });
    expect(manifest.refused?.urls).toContainEqual({ url: `${site.origin}/blog/x/`, code: 'not-included', reason: 'matches no include pattern' });
    // The person chose this: nothing was cut short.
    expect(summary.stoppedBy).toBeUndefined();
    // A page left out keeps its link to the original (the refusal names its canonical URL).
    expect(sink.text('index.html')).toContain(`href="${site.origin}/blog/x"`);
  });

  it('never leave out the start page', async () => {
    const { fetched, summary } = await crawl({ include: ['/nothing/**'] });
    expect(fetched).toEqual(['/']);
    expect(summary.pages).toBe(1);
  });
});

describe('max depth', () => {
  it('follows links that many times from the start page, and says it stopped there', async () => {
    const { fetched, manifest, summary } = await crawl({ maxDepth: 1, exclude: ['/docs/**', '/blog/**', '*.pdf'] });
    expect(fetched).toEqual(['/', '/deep1']);
    expect(manifest.refused?.urls).toContainEqual({ url: `${site.origin}/deep2/`, code: 'max-depth', reason: 'more than 1 links from the start page' });
    expect(summary.stoppedByCode).toBe('max-depth');
    const deeper = await crawl({ maxDepth: 2, exclude: ['/docs/**', '/blog/**', '*.pdf'] });
    expect(deeper.fetched).toEqual(['/', '/deep1', '/deep2']);
    const none = await crawl({ maxDepth: 0 });
    expect(none.fetched).toEqual(['/']);
  });
});
