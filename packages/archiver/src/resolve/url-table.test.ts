import { describe, expect, it } from 'vitest';
import { PathAllocator } from './local-path.js';
import { UrlTable, fit } from './url-table.js';

describe('UrlTable', () => {
  it('numbers each URL once, in the order first asked for, and gives it back', () => {
    const urls = new UrlTable();
    const list = ['https://a.test/', 'https://a.test/b', 'https://a.test/c?x=1', 'https://a.test/b'];
    const ids = list.map((url) => urls.id(url));
    expect(ids).toEqual([0, 1, 2, 1]);
    expect(ids.map((id) => urls.url(id))).toEqual(list);
    expect(urls.size).toBe(3);
    expect(urls.find('https://a.test/c?x=1')).toBe(2);
    expect(urls.find('https://a.test/d')).toBeUndefined();
    expect(urls.size).toBe(3);
  });

  it('keeps the first copy of a URL: a later equal string is not kept', () => {
    const urls = new UrlTable();
    const first = ['https://a.test/', 'page'].join('');
    urls.id(first);
    const later = ['https://a.test/p', 'age'].join('');
    expect(urls.url(urls.id(later))).toBe(first);
  });

  it('is shared: a URL another user numbered has no path until the allocator gives it one', () => {
    const urls = new UrlTable();
    const paths = new PathAllocator(urls);
    for (let i = 0; i < 3000; i++) urls.id(`https://a.test/logged/${i}`);
    expect(paths.pathOf('https://a.test/logged/7')).toBeUndefined();
    const path = paths.allocate('https://a.test/logged/2999', 'text/html');
    expect(paths.pathOf('https://a.test/logged/2999')).toBe(path);
    expect(paths.allocate('https://a.test/logged/2999', 'text/html')).toBe(path);
    expect(paths.pathOf('https://a.test/logged/2998')).toBeUndefined();
    paths.reserve('index.html', 'https://a.test/logged/5');
    expect(paths.pathOf('https://a.test/logged/5')).toBe('index.html');
  });
});

describe('fit', () => {
  it('keeps an array long enough, and grows a short one keeping its numbers', () => {
    const column = Uint32Array.of(1, 2, 3);
    expect(fit(column, 3)).toBe(column);
    const grown = fit(column, 4);
    expect(grown.length).toBe(6);
    expect([...grown.subarray(0, 3)]).toEqual([1, 2, 3]);
    expect(fit(column, 20).length).toBe(20);
  });
});
