import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PageLog, readPageLog, type PageDeps } from './page-log.js';

const site = 'https://example.com';

/** Page `i` of `count`, as in the bench's site: links to pages near it, five images and a stylesheet. */
function pageOf(i: number, count: number): PageDeps {
  const near = [i * 3 + 1, i * 3 + 2, i * 3 + 3, Math.floor((i - 1) / 3), 0].filter((n) => n >= 0 && n < count);
  const links = near.map((n) => ({ kind: 'page' as const, url: `${site}/p/${n}/` }));
  const images = Array.from({ length: 5 }, (_, k) => ({ kind: 'image' as const, url: `${site}/img/a${(i * 5 + k) % 500}.png` }));
  return {
    url: `${site}/p/${i}/`,
    encoding: 'utf-8',
    follow: i % 2 === 0,
    refs: [{ kind: 'stylesheet', url: `${site}/style.css` }, ...links, ...images],
    digest: `${'d'.repeat(16)}${String(i).padStart(6, '0')}`,
  };
}

/** The log's file as JSON.stringify writes it: pages sorted by URL, URLs numbered as the sorted pages name them. */
function referenceLog(pages: PageDeps[]): string {
  const kinds = ['page', 'stylesheet', 'script', 'module', 'image', 'media', 'font', 'frame', 'track', 'sprite', 'icon', 'manifest', 'other'];
  const ids = new Map<string, number>();
  const id = (url: string) => ids.get(url) ?? ids.set(url, ids.size).size - 1;
  const rows = [...pages]
    .sort((a, b) => (a.url < b.url ? -1 : 1))
    .map((page) => [id(page.url), page.digest, page.encoding, page.follow ? 1 : 0, ...page.refs.map((ref) => id(ref.url) * 16 + kinds.indexOf(ref.kind))]);
  return JSON.stringify({ version: 1, urls: [...ids.keys()], pages: rows });
}

describe('PageLog', () => {
  it('writes its pages sorted by URL, each URL numbered once, whatever order they were noted in', () => {
    const log = new PageLog();
    log.note({ url: `${site}/b`, encoding: 'utf-8', follow: true, refs: [{ kind: 'page', url: `${site}/a` }, { kind: 'image', url: `${site}/x.png` }], digest: 'b'.repeat(22) });
    log.note({ url: `${site}/a`, encoding: 'windows-1252', follow: false, refs: [{ kind: 'stylesheet', url: `${site}/s.css` }], digest: 'a-short-one' });
    // Noted again (an interrupted crawl's page restored, then saved): the last one counts.
    log.note({ url: `${site}/b`, encoding: 'utf-8', follow: true, refs: [{ kind: 'page', url: `${site}/a` }], digest: 'c'.repeat(22) });
    expect(log.size).toBe(2);
    expect(log.toBuffer().toString()).toBe(JSON.stringify({
      version: 1,
      urls: [`${site}/a`, `${site}/s.css`, `${site}/b`],
      pages: [
        [0, 'a-short-one', 'windows-1252', 0, 1 * 16 + 1],
        [2, 'c'.repeat(22), 'utf-8', 1, 0 * 16 + 0],
      ],
    }));
    const read = readPageLog(log.toBuffer());
    expect(read.get(`${site}/a`)).toEqual({ url: `${site}/a`, encoding: 'windows-1252', follow: false, refs: [{ kind: 'stylesheet', url: `${site}/s.css` }], digest: 'a-short-one' });
  });

  it('gives the bytes of its file a piece at a time, an empty log too', () => {
    const log = new PageLog();
    expect(Buffer.concat([...log.pieces()]).toString()).toBe(JSON.stringify({ version: 1, urls: [], pages: [] }));
    const pages = Array.from({ length: 700 }, (_, i) => pageOf(i, 700));
    for (const page of pages) log.note(page);
    const pieces = [...log.pieces()];
    expect(pieces.length).toBeGreaterThan(4);
    expect(Buffer.concat(pieces).toString()).toBe(referenceLog(pages));
  });

  it('reads back every page it was given', () => {
    const log = new PageLog();
    const pages = Array.from({ length: 3000 }, (_, i) => pageOf(i, 3000));
    for (const page of [...pages].reverse()) log.note(page);
    expect(log.toBuffer().toString()).toBe(referenceLog(pages));
    const read = readPageLog(log.toBuffer());
    expect(read.size).toBe(pages.length);
    for (const page of pages) expect(read.get(page.url)).toEqual(page);
  });

  it('keeps a page of a crawl in under 300 bytes of heap (an array of numbers each took over 500)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const count = 20_000;
    // The URLs exist apart from the log, as in a crawl (the frontier's strings).
    const pages = Array.from({ length: count }, (_, i) => pageOf(i, count));
    const heap = () => {
      for (let i = 0; i < 3; i++) gc();
      return process.memoryUsage().heapUsed;
    };
    let log: PageLog | undefined = new PageLog();
    for (const page of pages) log.note(page);
    expect(log.size).toBe(count);
    // What the log alone holds: the heap with it, less the heap once it is dropped.
    const withLog = heap();
    log = undefined;
    const perPage = (withLog - heap()) / count;
    expect(perPage).toBeLessThan(300);
  });
});
