import { describe, expect, it } from 'vitest';
import { namedFragments } from './named-fragments.js';

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
