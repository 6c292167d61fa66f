import { describe, expect, it } from 'vitest';
import { linkVariants, type SeenRequest } from './link-variants.js';

const site = 'https://docs.example';
const fetched = (method: string, path: string): SeenRequest => ({ method, url: `${site}${path}`, resourceType: 'fetch' });
const links = ['/', '/docs', '/docs/a', '/docs/b', '/docs/c', '/blog/x/y'].map((path) => `${site}${path}`);

describe('linkVariants', () => {
  it('makes a request the page made for two links or more for its other links of the same depth', () => {
    const seen = [
      fetched('HEAD', '/docs/a'),
      fetched('HEAD', '/docs/b'),
      fetched('GET', '/docs/a/__next._tree.txt?_rsc=t'),
      fetched('GET', '/__next._tree.txt?_rsc=t'),
      fetched('GET', '/docs/a/__next.docs.$d$slug.__PAGE__.txt?_rsc=p'),
      fetched('GET', '/docs/b/__next.docs.$d$slug.__PAGE__.txt?_rsc=p'),
      fetched('GET', '/docs/c/__next.docs.$d$slug.__PAGE__.txt?_rsc=p'),
    ];
    expect(linkVariants(links, seen, 100).map(({ url, like }) => `${like.method} ${url.slice(site.length)}`).sort()).toEqual([
      'GET /docs/b/__next._tree.txt?_rsc=t',
      'GET /docs/c/__next._tree.txt?_rsc=t',
      'HEAD /docs/c',
    ]);
  });

  it('leaves alone what was asked for one link only, other origins, POSTs and files the page loads', () => {
    const seen = [
      fetched('GET', '/search-index.json'),
      fetched('GET', '/docs/a.json'),
      { method: 'POST', url: `${site}/docs/a/vote`, resourceType: 'fetch' },
      { method: 'POST', url: `${site}/docs/b/vote`, resourceType: 'fetch' },
      { method: 'GET', url: `${site}/docs/a/x.js`, resourceType: 'script' },
      { method: 'GET', url: `${site}/docs/b/x.js`, resourceType: 'script' },
      { method: 'GET', url: 'https://cdn.example/docs/a.txt', resourceType: 'fetch' },
      { method: 'GET', url: 'https://cdn.example/docs/b.txt', resourceType: 'fetch' },
    ];
    expect(linkVariants(links, seen, 100)).toEqual([]);
  });

  it('makes a request for a link under a prefix, with the link in its query, for the other links', () => {
    // Next.js's Pages Router: a page's data under its build's prefix, a dynamic route's parameter in the query.
    const seen = [fetched('GET', '/_next/data/b1/docs/a.json?slug=a'), fetched('GET', '/_next/data/b1/docs/b.json?slug=b'), fetched('GET', '/_next/data/b1/index.json')];
    expect(linkVariants(links, seen, 100).map(({ url }) => url.slice(site.length))).toEqual(['/_next/data/b1/docs/c.json?slug=c']);
  });

  it('makes at most as many as asked', () => {
    const seen = [fetched('GET', '/docs/a.txt?_rsc=1'), fetched('GET', '/docs/b.txt?_rsc=1')];
    expect(linkVariants(links, seen, 100).map(({ url }) => url)).toEqual([`${site}/docs/c.txt?_rsc=1`]);
    expect(linkVariants(links, seen, 0)).toEqual([]);
  });
});
