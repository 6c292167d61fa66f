import { afterEach, describe, expect, it } from 'vitest';
import { retryAfterMs } from '../src/fetch/http-fetcher.js';
import { archivePage, archiveSite, MemorySink } from '../src/index.js';
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
