import { describe, expect, it } from 'vitest';
import { Refusals } from './refusals.js';

describe('Refusals', () => {
  it('names the first limit that cut the capture short', () => {
    const refusals = new Refusals();
    refusals.refuse('http://a.test/p7', 'max-pages', 'maxPages (6) reached');
    refusals.stopBy('total-timeout', 'totalTimeoutMs (600000) reached');
    expect(refusals.stop).toEqual({ code: 'max-pages', message: 'maxPages (6) reached' });
  });

  it('lets a limit that ends the crawl take the place of a trap guard, which only left URLs out', () => {
    const refusals = new Refusals();
    refusals.refuse('http://a.test/cal?m=11', 'query-variants', 'more than 10 query variants of /cal');
    expect(refusals.stop).toEqual({ code: 'trap', message: 'trap guard: more than 10 query variants of /cal' });
    refusals.refuse('http://a.test/a/a/a/a', 'repeating-path', 'a path repeating its segments');
    expect(refusals.stop?.message).toBe('trap guard: more than 10 query variants of /cal');
    refusals.stopBy('total-timeout', 'totalTimeoutMs (600000) reached');
    expect(refusals.stop).toEqual({ code: 'total-timeout', message: 'totalTimeoutMs (600000) reached' });
    expect(refusals.report()?.counts).toEqual({ 'query-variants': 1, 'repeating-path': 1 });
  });

  it('lets a page limit reached after a trap take its place too', () => {
    const refusals = new Refusals();
    refusals.refuse('http://a.test/cal?m=11', 'query-variants', 'more than 10 query variants of /cal');
    refusals.refuse('http://a.test/p7', 'max-pages', 'maxPages (6) reached');
    expect(refusals.stop?.code).toBe('max-pages');
  });
});
