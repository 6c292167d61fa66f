import { describe, expect, it } from 'vitest';
import type { FetchedResource } from '../fetch/fetcher.js';
import type { PageLoadContext } from './page-loader.js';
import { scriptFillsPage } from './script-fills-page.js';
import { ScriptReadings, type JournaledReading, type ScriptTrial } from './script-readings.js';
import { loadedPage } from './static-loader.js';

const PAGE = 'https://example.test/news/';
const SCRIPT = 'https://example.test/feed.js';
const FEED = `fetch(base + '/api/latest').then((r) => r.text()).then((t) => { document.getElementById('feed').innerHTML = t; });`;

function response(url: string, body: string, mimeType: string): FetchedResource {
  return { requestedUrl: url, url, status: 200, headers: {}, mimeType, charset: 'utf-8', body: Buffer.from(body), redirects: [] };
}

/** A page context whose prefetches are answered with the script, and counted. */
function context(): { ctx: PageLoadContext; asked: string[] } {
  const asked: string[] = [];
  const ctx: PageLoadContext = {
    fetcher: undefined as never,
    signal: new AbortController().signal,
    options: { maxPageReferences: 1000 } as PageLoadContext['options'],
    offer: () => undefined,
    prefetch: async (url: string) => {
      asked.push(url);
      return url === SCRIPT ? response(url, FEED, 'text/javascript') : undefined;
    },
    has: () => false,
  };
  return { ctx, asked };
}

/** A page of the site leaving `empty` for the script to fill. */
function page(ctx: PageLoadContext, empty: string) {
  return loadedPage(ctx, response(PAGE, `<h1>News</h1><ul id="${empty}"></ul><script src="/feed.js"></script>`, 'text/html'));
}

describe('ScriptReadings', () => {
  it("journals each reading, and a resumed crawl's readings decide its pages without reading the scripts again", async () => {
    const journaled: [string, JournaledReading][] = [];
    const first = new ScriptReadings({ previous: [], record: (key, reading) => journaled.push([key, reading]) });
    const { ctx, asked } = context();
    expect(await scriptFillsPage(ctx, page(ctx, 'feed'), first)).toEqual({ reason: 'its own script fills part of it from the network', script: SCRIPT });
    expect(asked).toContain(SCRIPT);
    // As a journal line holds it (JSON), names as a list.
    const lines = JSON.parse(JSON.stringify(journaled)) as [string, JournaledReading][];
    expect(lines).toEqual([[SCRIPT, { names: expect.arrayContaining(['feed']) }]]);

    const again: [string, JournaledReading][] = [];
    const resumed = new ScriptReadings({ previous: lines, record: (key, reading) => again.push([key, reading]) });
    // Recorded again, so that the new journal alone describes the crawl.
    expect(again).toEqual(lines);
    const next = context();
    // A page of the same script leaving the element it fills empty, and one not: each judged by its own elements.
    expect(await scriptFillsPage(next.ctx, page(next.ctx, 'feed'), resumed)).toEqual({ reason: 'its own script fills part of it from the network', script: SCRIPT });
    expect(await scriptFillsPage(next.ctx, page(next.ctx, 'menu'), resumed)).toBeUndefined();
    expect(next.asked).not.toContain(SCRIPT);
  });

  it("runs no more of a script's trials at once than it has left before it is spared, until one gave something", async () => {
    const readings = new ScriptReadings();
    const enter = (name: string) => readings.enter(SCRIPT, `https://example.test/${name}.html`);
    const trials = (await Promise.all(['a', 'b', 'c'].map(enter))) as ScriptTrial[];
    expect(trials.every((trial) => typeof trial === 'object' && 'end' in trial)).toBe(true);
    // A fourth shape waits: three trials that give nothing spare the script everywhere.
    let fourth: Awaited<ReturnType<typeof enter>> | undefined;
    const waiting = enter('d').then((outcome) => (fourth = outcome));
    await Promise.resolve();
    expect(fourth).toBeUndefined();
    trials[0]!.end(false);
    expect(await waiting).toBe('again');
    // One spared, two running: still two left before it is spared everywhere, both under way.
    const again = enter('d');
    trials[1]!.end(false);
    expect(await again).toBe('again');
    trials[2]!.end(false);
    expect(readings.isSpared(SCRIPT, 'https://example.test/d.html')).toBe(true);

    // A script that gave something once has its shapes tried side by side.
    const useful = new ScriptReadings();
    const first = (await useful.enter(SCRIPT, 'https://example.test/a.html')) as ScriptTrial;
    first.end(true);
    const rest = await Promise.all(['b', 'c', 'd', 'e'].map((name) => useful.enter(SCRIPT, `https://example.test/${name}.html`)));
    expect(rest.every((trial) => typeof trial === 'object' && 'end' in trial)).toBe(true);
  });
});
