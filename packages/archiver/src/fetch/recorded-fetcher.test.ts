import { describe, expect, it, vi } from 'vitest';
import type { FetchedResource, Fetcher } from './fetcher.js';
import { RecordedFirstFetcher } from './recorded-fetcher.js';

/** A network that answers each URL after `release()`, counting the requests. */
class CountingNetwork implements Fetcher {
  asked: string[] = [];
  private releases: (() => void)[] = [];
  failing = new Set<string>();

  fetch(url: string): Promise<FetchedResource> {
    this.asked.push(url);
    return new Promise((resolve, reject) => {
      this.releases.push(() => {
        if (this.failing.has(url)) return reject(new Error('connection reset'));
        const body = Buffer.from(`body of ${url}`);
        resolve({ requestedUrl: url, url, status: 200, headers: {}, mimeType: 'text/plain', charset: undefined, body, redirects: [] });
      });
    });
  }

  release(): void {
    for (const release of this.releases.splice(0)) release();
  }

  async close(): Promise<void> {}
}

describe('RecordedFirstFetcher.prefetch', () => {
  it('answers a request made while the prefetch is on its way with its answer, asking once', async () => {
    const network = new CountingNetwork();
    const fetcher = new RecordedFirstFetcher(network);
    const early = fetcher.prefetch('https://example.test/app.js', {});
    const meanwhile = fetcher.fetch('https://example.test/app.js');
    network.release();
    expect((await meanwhile).body.toString()).toBe('body of https://example.test/app.js');
    expect(await early).toBe(await meanwhile);
    expect((await fetcher.fetch('https://example.test/app.js')).body.toString()).toBe('body of https://example.test/app.js');
    expect(network.asked).toEqual(['https://example.test/app.js']);
  });

  it('asks again for a URL whose prefetch failed', async () => {
    const network = new CountingNetwork();
    network.failing.add('https://example.test/a.css');
    const fetcher = new RecordedFirstFetcher(network);
    const early = fetcher.prefetch('https://example.test/a.css', {});
    const meanwhile = fetcher.fetch('https://example.test/a.css');
    network.release();
    expect(await early).toBeUndefined();
    network.failing.clear();
    await vi.waitFor(() => expect(network.asked).toHaveLength(2));
    network.release();
    expect((await meanwhile).status).toBe(200);
    expect(network.asked).toEqual(['https://example.test/a.css', 'https://example.test/a.css']);
  });
});
