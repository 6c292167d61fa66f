import { describe, expect, it } from 'vitest';
import { defaultCrawlChoices, siteRequestOf } from './crawl-choices';

describe('siteRequestOf', () => {
  it('sends nothing for the defaults', () => {
    expect(siteRequestOf(defaultCrawlChoices)).toBeUndefined();
  });

  it('sends what was chosen: scope, numbers, one pattern a line', () => {
    expect(siteRequestOf({ scope: 'prefix', maxDepth: ' 2 ', maxPages: '50', exclude: '/blog/**\n\n  *.pdf  \n' })).toEqual({
      scope: 'prefix',
      max_depth: 2,
      max_pages: 50,
      exclude: ['/blog/**', '*.pdf'],
    });
  });

  it('leaves a number the user mistyped for the server to refuse in words', () => {
    expect(siteRequestOf({ ...defaultCrawlChoices, maxDepth: 'two' })).toEqual({ max_depth: Number.NaN });
  });
});
