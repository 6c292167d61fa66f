import { describe, expect, it } from 'vitest';
import { namedDataFiles, namedFragments } from './named-fragments.js';

describe('namedFragments', () => {
  it("lists the site's own addresses hx-get names, resolved against the page, each once", () => {
    const html = `<div class="tabs"><button hx-get="fragments/tab-1.html">One</button><button data-hx-get='/tabs?n=2&amp;full=0'>Two</button>
<button hx-get=fragments/tab-1.html>Again</button><a hx-get="https://cdn.example/x.html">Else</a><button hx-get="#top">Top</button><button hx-get="">None</button></div>`;
    expect(namedFragments(html, 'https://shop.example/guide/index.html')).toEqual(['https://shop.example/guide/fragments/tab-1.html', 'https://shop.example/tabs?n=2&full=0']);
  });

  it('stops at 30 addresses', () => {
    const html = Array.from({ length: 50 }, (_, i) => `<li hx-get="/rows?page=${i}">${i}</li>`).join('');
    expect(namedFragments(html, 'https://shop.example/')).toHaveLength(30);
  });

  it('leaves out elements that load by themselves: the render saw them load as far as the page went', () => {
    const html = `<div hx-get="/more?page=2" hx-trigger="revealed"></div><div data-hx-get="/news" data-hx-trigger="load delay:1s"></div><div hx-trigger="every 2s" hx-get="/clock"></div><button hx-get="/details" hx-trigger="click">More</button>`;
    expect(namedFragments(html, 'https://shop.example/')).toEqual(['https://shop.example/details']);
  });

  it('reads no attribute that only ends in hx-get', () => {
    expect(namedFragments('<div my-hx-get="/a.html"></div><div hx-get-x="/b.html"></div>', 'https://shop.example/')).toEqual([]);
  });
});

describe('namedDataFiles', () => {
  it("lists the site's own data files that inline scripts pass by a literal address, resolved against the page, each once", () => {
    const html = `<script>more.onclick = () => fetch('/api/comments-2.json').then((r) => r.json()).then(show);
$.getJSON("data/prices.csv", draw); fetch('/api/comments-2.json'); fetch('https://cdn.example/x.json'); fetch('/search/index.json');</script>
<script src="/app.js">fetch('/ignored.json')</script><script type="application/json">{"a": fetch('/inert.json')}</script>
<script type="module">const rows = await fetch("./rows.xml");</script>`;
    expect(namedDataFiles(html, 'https://news.example/articles/one.html')).toEqual([
      'https://news.example/api/comments-2.json',
      'https://news.example/articles/data/prices.csv',
      'https://news.example/articles/rows.xml',
    ]);
  });

  it("lists the data files its elements' data- attributes name, not the document's own elements'", () => {
    const html = `<html data-index="/index.json"><body data-search="/search.json"><button id="more" data-src="/api/comments-2.json">More</button>
<div class="chart" data-url='sales.csv?year=2024&amp;q=1'></div><a data-href="/page.html">Page</a></body></html>`;
    expect(namedDataFiles(html, 'https://news.example/a/')).toEqual(['https://news.example/api/comments-2.json', 'https://news.example/a/sales.csv?year=2024&q=1']);
  });

  it('lists the fragments of markup or text a data- attribute names as an address to load, not a link to a page', () => {
    const html = `<div data-controller="tabs"><button data-action="tabs#show" data-tabs-url-param="/partials/usage.html">Usage</button>
<button data-tabs-url-param="partials/compat.htm">Compatibility</button><section data-src="notes.md"></section>
<a data-href="/page.html">Page</a><p data-title="readme.html"></p><button data-url="https://cdn.example/x.html">X</button></div>`;
    expect(namedDataFiles(html, 'https://docs.example/guide/')).toEqual([
      'https://docs.example/partials/usage.html',
      'https://docs.example/guide/partials/compat.htm',
      'https://docs.example/guide/notes.md',
    ]);
  });
});
