import { describe, expect, it } from 'vitest';
import type { ManifestEntry } from '../capture/manifest.js';
import type { ResourceRequest } from '../capture/outcome.js';
import type { CrawlRecord } from './crawl-record.js';
import { snapshotOf } from './crawl-snapshot.js';

const site = 'https://example.com';
const start: CrawlRecord = { t: 'start', key: `${site}/`, finalUrl: `${site}/`, entry: { url: `${site}/`, path: 'index.html' } };
const entry = (path: string): CrawlRecord => ({ t: 'entry', path, start: 0, end: 10, size: 5 });
const admit = (name: string): CrawlRecord => ({
  t: 'admit',
  page: { url: `${site}/${name}`, canonical: `${site}/${name}`, depth: 1, path: `example.com/${name}/index.html` },
});
const request = (name: string, kind: ResourceRequest['kind'] = 'image'): ResourceRequest => ({ url: `${site}/${name}`, kind, referrer: `${site}/`, depth: 0 });
const resource = (name: string, kind: ResourceRequest['kind'] = 'image'): CrawlRecord => ({
  t: 'resource',
  key: `${site}/${name}`,
  request: request(name, kind),
  outcome: { ok: true, path: `example.com/${name}` },
  entry: { url: `${site}/${name}`, path: `example.com/${name}` },
});

describe('snapshotOf', () => {
  it('starts over when the start page is not in the ZIP', () => {
    expect(snapshotOf([start])).toBeUndefined();
    expect(snapshotOf([entry('index.html')])).toBeUndefined();
  });

  it('counts a page or file as saved only once its ZIP entry is complete', () => {
    const snapshot = snapshotOf([
      start,
      entry('index.html'),
      admit('a'),
      admit('b'),
      { t: 'page', canonical: `${site}/a`, entry: { url: `${site}/a` } },
      { t: 'page', canonical: `${site}/b`, entry: { url: `${site}/b` } },
      entry('example.com/a/index.html'),
      resource('kept.png'),
      resource('lost.png'),
      entry('example.com/kept.png'),
    ])!;
    expect(snapshot.pages.map(({ page, saved }) => [page.canonical, saved !== undefined])).toEqual([
      [`${site}/a`, true],
      [`${site}/b`, false],
    ]);
    expect(snapshot.resources.map((r) => r.key)).toEqual([`${site}/kept.png`]);
    // Its path is written in saved files already: fetched again, to the same path.
    expect(snapshot.refetch).toEqual([request('lost.png')]);
    expect(snapshot.entries.map((e) => e.path).sort()).toEqual(['example.com/a/index.html', 'example.com/kept.png', 'index.html']);
  });

  it("keeps what reading the site's scripts said, the latest reading of each (not a refusal)", () => {
    const read = (key: string, reading: false | string): CrawlRecord => ({ t: 'script-reading', key, reading });
    const snapshot = snapshotOf([start, entry('index.html'), read(`${site}/a.js`, false), read(`${site}/b.js`, 'its own script starts a worker'), read(`${site}/a.js`, 'its own script adds a stylesheet')])!;
    expect(snapshot.readings).toEqual([read(`${site}/a.js`, 'its own script adds a stylesheet'), read(`${site}/b.js`, 'its own script starts a worker')]);
    expect(snapshot.refusals).toEqual([]);
  });

  it('keeps a live copy with its replay file (counting one without it as not saved) and the files pages share', () => {
    const live = (name: string): ManifestEntry => ({ url: `${site}/${name}`, render: { output: 'live', reason: 'scripts' } });
    const liveStart: CrawlRecord = { ...start, entry: { ...start.entry, render: { output: 'live', reason: 'scripts' } } } as CrawlRecord;
    const snapshot = snapshotOf([
      liveStart,
      entry('sitezip-replay-layer.js'),
      entry('sitezip-modules/example.com/app.js'),
      entry('index.html'),
      entry('sitezip-replay.js'),
      admit('a'),
      admit('b'),
      { t: 'page', canonical: `${site}/a`, entry: live('a') },
      { t: 'page', canonical: `${site}/b`, entry: live('b') },
      { t: 'site-responses', path: 'example.com/a/sitezip-replay.js', keys: [`GET ${site}/data/a.json`] },
      { t: 'site-responses', path: 'example.com/b/sitezip-replay.js', keys: [`GET ${site}/data/b.json`] },
      entry('example.com/a/index.html'),
      entry('example.com/a/sitezip-replay.js'),
      // Killed between b's page and its replay file.
      entry('example.com/b/index.html'),
    ])!;
    // The site's index of responses keeps what the saved page's replay file holds, not the other's.
    expect(snapshot.siteResponses.map((record) => record.keys)).toEqual([[`GET ${site}/data/a.json`]]);
    expect(snapshot.pages.map(({ page, saved }) => [page.canonical, saved !== undefined])).toEqual([
      [`${site}/a`, true],
      [`${site}/b`, false],
    ]);
    expect(snapshot.entries.map((e) => e.path).sort()).toEqual([
      'example.com/a/index.html',
      'example.com/a/sitezip-replay.js',
      'index.html',
      'sitezip-modules/example.com/app.js',
      'sitezip-replay-layer.js',
      'sitezip-replay.js',
    ]);
    // A live start page without its replay file: the crawl starts over.
    expect(snapshotOf([liveStart, entry('index.html')])).toBeUndefined();
  });

  it('fetches again a stylesheet whose processing had not finished, and what lives in memory', () => {
    const snapshot = snapshotOf([
      start,
      entry('index.html'),
      { t: 'processing', key: `${site}/a.css` },
      resource('a.css', 'stylesheet'),
      entry('example.com/a.css'),
      { t: 'processing', key: `${site}/b.css` },
      resource('b.css', 'stylesheet'),
      { t: 'processed', key: `${site}/b.css`, entry: { url: `${site}/b.css`, note: 'kept' } },
      entry('example.com/b.css'),
      resource('icons.svg', 'sprite'),
      entry('example.com/icons.svg'),
    ])!;
    expect(snapshot.resources.map((r) => [r.key, r.entry.note])).toEqual([[`${site}/b.css`, 'kept']]);
    expect(snapshot.refetch.map((r) => r.url)).toEqual([`${site}/a.css`, `${site}/icons.svg`]);
  });

  it("keeps what a reused live script imports, and forgets it with a script fetched again", () => {
    const imports = (name: string): CrawlRecord => ({ t: 'script-imports', path: `example.com/${name}`, modules: [`example.com/chunks/${name}`] });
    const snapshot = snapshotOf([
      start,
      entry('index.html'),
      resource('kept.js', 'script'),
      imports('kept.js'),
      entry('example.com/kept.js'),
      // Killed before its file was complete.
      resource('lost.js', 'script'),
      imports('lost.js'),
    ])!;
    expect(snapshot.scriptImports).toEqual([imports('kept.js')]);
    expect(snapshot.refetch.map((r) => r.url)).toEqual([`${site}/lost.js`]);
  });

  it('keeps real failures, not those of the run being stopped', () => {
    const failed = (name: string, code: 'HTTP_ERROR' | 'ABORTED'): CrawlRecord => ({
      t: 'resource',
      key: `${site}/${name}`,
      request: request(name),
      outcome: { ok: false, code, error: code },
      entry: { url: `${site}/${name}` },
    });
    const snapshot = snapshotOf([start, entry('index.html'), failed('gone.png', 'HTTP_ERROR'), failed('stopped.png', 'ABORTED')])!;
    expect(snapshot.resources.map((r) => r.key)).toEqual([`${site}/gone.png`]);
    expect(snapshot.refetch).toEqual([]);
  });
});
