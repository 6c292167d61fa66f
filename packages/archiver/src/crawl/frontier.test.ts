import { describe, expect, it } from 'vitest';
import { Frontier } from './frontier.js';
import { createScope } from './scope.js';
import { TrapGuard, defaultTrapLimits } from './traps.js';

function frontier(): Frontier {
  const start = 'https://example.com/';
  return new Frontier(createScope(start, 'host'), { maxPages: 10, maxDepth: 5 }, new TrapGuard(defaultTrapLimits), () => true, (url) => new URL(url).pathname.slice(1) + 'index.html');
}

describe('Frontier.spelled', () => {
  it("gives an admitted page's canonical URL as the crawl keeps it, and any other URL as it is", () => {
    const pages = frontier();
    pages.admit('/docs/', 'https://example.com/', 1);
    expect(pages.spelled('https://example.com/docs/')).toBe('https://example.com/docs/');
    // Not canonical, or not admitted: the caller's string.
    expect(pages.spelled('https://example.com/docs')).toBe('https://example.com/docs');
    expect(pages.spelled('https://example.com/blog/')).toBe('https://example.com/blog/');
  });
});
