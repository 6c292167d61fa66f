import { describe, expect, it } from 'vitest';
import { UrlTable } from '../resolve/url-table.js';
import { Frontier, type PageEntry } from './frontier.js';
import { createScope } from './scope.js';
import { TrapGuard, defaultTrapLimits } from './traps.js';

const START = 'https://example.com/';

function frontier(urls = new UrlTable(), maxPages = 2000): Frontier {
  return new Frontier(createScope(START, 'host'), { maxPages, maxDepth: 5 }, new TrapGuard(defaultTrapLimits), () => true, (url) => new URL(url).pathname.slice(1) + 'index.html', undefined, undefined, urls);
}

function drain(pages: Frontier): PageEntry[] {
  const out: PageEntry[] = [];
  for (let entry = pages.next(); entry; entry = pages.next()) out.push(entry);
  return out;
}

describe('Frontier', () => {
  it('gives back every admitted page, in order of admission, as it was admitted', () => {
    const pages = frontier();
    const admitted = Array.from({ length: 1500 }, (_, i) => pages.admit(`/p/${i}/`, START, 1 + (i % 3)));
    expect(pages.admit('/p/7/', START, 4)).toEqual(admitted[7]);
    expect(pages.size).toBe(1500);
    const queued = drain(pages);
    expect(queued).toEqual(admitted);
    expect(queued[1499]).toEqual({ url: 'https://example.com/p/1499/', canonical: 'https://example.com/p/1499/', depth: 3, path: 'p/1499/index.html' });
    expect(pages.paths(2)).toEqual([
      ['https://example.com/p/0/', 'p/0/index.html'],
      ['https://example.com/p/1/', 'p/1/index.html'],
    ]);
  });

  it('takes the address the start page ended at as saved: linked, it is that page, never queued', () => {
    const pages = frontier();
    const start = pages.admit(START, START, 0) as PageEntry;
    expect(pages.next()).toEqual(start);
    pages.saved('https://example.com/en/home.html#top', 'index.html');
    expect(pages.admit('/en/home.html', START, 2)).toMatchObject({ path: 'index.html' });
    expect(pages.pathOf('https://example.com/en/home.html')).toBe('index.html');
    // The start page's own address, or one saved already, changes nothing.
    pages.saved(START, 'elsewhere.html');
    expect(pages.pathOf(START)).toBe(start.path);
    expect(drain(pages)).toEqual([]);
  });

  it('keeps the URL as first linked where it is not the canonical one, and finds a page by any spelling', () => {
    const pages = frontier();
    const entry = pages.admit('/docs#intro', START, 1) as PageEntry;
    expect(entry.url).toBe('https://example.com/docs');
    expect(entry.canonical).not.toBe(entry.url);
    expect(drain(pages)).toEqual([entry]);
    expect(pages.pathOf('https://example.com/docs')).toBe(entry.path);
    expect(pages.pathOf(entry.canonical)).toBe(entry.path);
    expect(pages.pathOf('https://example.com/blog/')).toBeUndefined();
  });

  it('counts and refuses past its limit, and knows nothing of URLs others numbered', () => {
    const urls = new UrlTable();
    urls.id('https://example.com/elsewhere/');
    const pages = frontier(urls, 2);
    pages.admit('/a/', START, 1);
    pages.admit('/b/', START, 1);
    expect(pages.admit('/c/', START, 1)).toBe('max-pages');
    expect(pages.pathOf('https://example.com/elsewhere/')).toBeUndefined();
    expect(pages.admit('/elsewhere/', START, 1)).toBe('max-pages');
  });

  it('takes back pages of an interrupted run: saved ones known but not queued', () => {
    const pages = frontier();
    const saved: PageEntry = { url: 'https://example.com/s', canonical: 'https://example.com/s/', depth: 2, path: 'kept/s.html' };
    const open: PageEntry = { url: 'https://example.com/o/', canonical: 'https://example.com/o/', depth: 3, path: 'kept/o.html' };
    pages.restore(saved, true);
    pages.restore(open, false);
    expect(pages.size).toBe(2);
    expect(pages.admit('/s', START, 1)).toEqual(saved);
    expect(drain(pages)).toEqual([open]);
  });
});
