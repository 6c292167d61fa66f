import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, archiveSite, HttpFetcher, MemorySink, parseOptions, requestEarly, staticLoader, type Manifest, type PageLoader } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

const local = { allowPrivateNetworks: true, retries: 0 };
let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: '<title>Home</title><link rel="stylesheet" href="/a.css"><a href="/one">One</a> <a href="/two">Two</a>' },
    '/a.css': { headers: { 'content-type': 'text/css' }, body: 'body { color: red }' },
    '/one': { body: '<title>One</title><a href="/two">Two</a>' },
    '/two': { body: '<title>Two</title><p>second</p>' },
  });
});
afterAll(() => site.close());

/** The static loader, noting each URL it is asked for and whether the crawl gated the request. */
function recordingLoader(base: PageLoader = staticLoader()) {
  const loads: { url: string; gated: boolean }[] = [];
  const loader: PageLoader = {
    startedAt: base.startedAt,
    load: (ctx, url, init) => {
      loads.push({ url, gated: Boolean(init?.gate) });
      return base.load(ctx, url, init);
    },
  };
  return { loader, loads };
}

describe('the page-loading seam', () => {
  it('gives a single-page capture its page through the loader it is handed', async () => {
    const { loader, loads } = recordingLoader();
    const sink = new MemorySink();
    await archivePage(site.url, sink, local, { loader });
    expect(loads).toEqual([{ url: site.url, gated: false }]);
    expect(sink.text('index.html')).toContain('<title>Home</title>');
  });

  it('gives a site capture every page through the same loader, the start page ungated and the others through politeness', async () => {
    const { loader, loads } = recordingLoader();
    const sink = new MemorySink();
    const summary = await archiveSite(site.url, sink, { ...local, useSitemaps: false }, { loader });
    expect(summary.pages).toBe(3);
    expect(loads[0]).toEqual({ url: site.url, gated: false });
    expect(loads.slice(1).map((l) => new URL(l.url).pathname).sort()).toEqual(['/one', '/two']);
    expect(loads.slice(1).every((l) => l.gated)).toBe(true);
  });

  it('answers the first load with a request made before the capture began, and counts the capture from it', async () => {
    const fetcher = new HttpFetcher(parseOptions(local));
    try {
      site.hits.clear();
      const early = requestEarly(fetcher, site.url, new AbortController().signal, 10_000)!;
      const sink = new MemorySink();
      await archivePage(site.url, sink, local, { fetcher, loader: staticLoader(early) });
      expect(site.hits.get('/')).toBe(1);
      const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
      expect(manifest.startedAt).toBe(early.startedAt.toISOString());
    } finally {
      await fetcher.close();
    }
  });

  it('reports a page that is not the page (a 404) as the capture failing, through any loader', async () => {
    const { loader } = recordingLoader();
    await expect(archivePage(`${site.origin}/missing`, new MemorySink(), local, { loader })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
