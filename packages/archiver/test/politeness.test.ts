import { afterEach, describe, expect, it } from 'vitest';
import { retryAfterMs } from '../src/fetch/http-fetcher.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archivePage, archiveSite, MemorySink, PreviousCopy, zipFileSink } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

let site: FixtureSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

describe('politeness', () => {
  it('honours Crawl-delay between page requests', async () => {
    const times: number[] = [];
    const page = (next: string) => ({
      handle: (_q: unknown, r: import('node:http').ServerResponse) => {
        times.push(Date.now());
        r.writeHead(200, { 'content-type': 'text/html' }).end(`<a href="${next}">next</a>`);
      },
    });
    site = await serveFixture({
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nCrawl-delay: 0.3\n' },
      '/': page('/a'),
      '/a': page('/b'),
      '/b': page('/c'),
      '/c': page('/'),
    });
    await archiveSite(site.url, new MemorySink(), { allowPrivateNetworks: true, useSitemaps: false });
    expect(times).toHaveLength(4);
    // Every page request starts at least the delay after the one before.
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(250);
  });

  it('requests at most 8 pages of a host at once', async () => {
    let inFlight = 0;
    let most = 0;
    const links = Array.from({ length: 24 }, (_, i) => `<a href="/p${i}">${i}</a>`).join('');
    const routes: Record<string, import('./support/fixture-site.js').FixtureRoute> = { '/': { body: links } };
    for (let i = 0; i < 24; i++) {
      routes[`/p${i}`] = {
        handle: (_q, r) => {
          most = Math.max(most, ++inFlight);
          // A server's think time, so that requests overlap as they would over a network.
          setTimeout(() => r.writeHead(200, { 'content-type': 'text/html' }).end('<p>page</p>', () => inFlight--), 40);
        },
      };
    }
    site = await serveFixture(routes);
    const summary = await archiveSite(site.url, new MemorySink(), { allowPrivateNetworks: true, useSitemaps: false });
    expect(summary.pages).toBe(25);
    expect(most).toBe(8);
  });

  it("revalidates an update's pages at the origin's connections, and one at a time under a Crawl-delay", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitezip-politeness-'));
    try {
      for (const robots of ['User-agent: *\nDisallow:\n', 'User-agent: *\nCrawl-delay: 0.05\n']) {
        let inFlight = 0;
        let most = 0;
        const links = Array.from({ length: 24 }, (_, i) => `<a href="/p${i}">${i}</a>`).join('');
        const routes: Record<string, import('./support/fixture-site.js').FixtureRoute> = { '/': { body: links }, '/robots.txt': { type: 'text/plain', body: robots } };
        for (let i = 0; i < 24; i++) {
          routes[`/p${i}`] = {
            handle: (q, r) => {
              const conditional = q.headers['if-none-match'] === '"p"';
              if (conditional) most = Math.max(most, ++inFlight);
              setTimeout(() => {
                if (!conditional) return void r.writeHead(200, { 'content-type': 'text/html', etag: '"p"' }).end('<p>page</p>');
                r.writeHead(304, { etag: '"p"' }).end(undefined, () => inFlight--);
              }, 40);
            },
          };
        }
        site = await serveFixture(routes);
        const zip = join(dir, 'first.zip');
        const options = { allowPrivateNetworks: true, useSitemaps: false, render: 'never' as const };
        await archiveSite(site.url, zipFileSink(zip), options);
        const previous = await PreviousCopy.open(zip, site.url);
        try {
          const summary = await archiveSite(site.url, new MemorySink(), options, { previous });
          expect(summary.pages).toBe(25);
        } finally {
          await previous.close();
        }
        // A 304 costs the server what an asset's does: past the 8 page slots, up to the connections.
        if (robots.includes('Crawl-delay')) expect(most).toBe(1);
        else expect(most).toBeGreaterThan(8);
        await site.close();
        site = undefined;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('backs off on 429 with Retry-After, then gets the resource', async () => {
    let asked = 0;
    site = await serveFixture({
      '/': { body: '<img src="/busy.png">' },
      '/busy.png': {
        handle: (_q, r) => {
          asked++;
          if (asked === 1) r.writeHead(429, { 'retry-after': '0' }).end('slow down');
          else r.writeHead(200, { 'content-type': 'image/png' }).end('png');
        },
      },
    });
    const summary = await archivePage(site.url, new MemorySink(), { allowPrivateNetworks: true, retries: 2 });
    expect(asked).toBe(2);
    expect(summary.failures).toBe(0);
  });

  it('reads Retry-After in seconds or as a date, capped', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 5_000)).toBe(5000);
    expect(retryAfterMs('86400')).toBe(30_000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
