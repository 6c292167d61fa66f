import { describe, expect, it } from 'vitest';
import { freshUntil, stillFresh } from './freshness.js';

const URL_ = 'https://a.test/x.png';
const secondsLeft = (until: string | undefined) => (until === undefined ? undefined : Math.round((Date.parse(until) - Date.now()) / 1000));

describe('freshUntil', () => {
  const date = new Date().toUTCString();
  it('counts the lifetime the server declared, less the age the response already had', () => {
    expect(secondsLeft(freshUntil(URL_, 200, { 'cache-control': 'max-age=3600', date }))).toBe(3600);
    expect(secondsLeft(freshUntil(URL_, 200, { 'cache-control': 'max-age=3600', date, age: '3000' }))).toBe(600);
    // Expires is counted from Date, both whole seconds: one taken from the clock a second later made it 61.
    expect(secondsLeft(freshUntil(URL_, 200, { expires: new Date(Date.parse(date) + 60_000).toUTCString(), date }))).toBe(60);
    // A browser's own cache, not a shared one: private counts, s-maxage does not.
    expect(secondsLeft(freshUntil(URL_, 200, { 'cache-control': 'private, max-age=60', date }))).toBe(60);
    expect(freshUntil(URL_, 200, { 'cache-control': 's-maxage=60', date })).toBeUndefined();
  });

  it('gives nothing where the server asks to be asked, or said nothing', () => {
    for (const headers of <Record<string, string>[]>[
      { 'cache-control': 'no-cache, max-age=3600' },
      { 'cache-control': 'no-store, max-age=3600' },
      { 'cache-control': 'max-age=0' },
      { 'cache-control': 'max-age=3600', age: '7200' },
      { 'cache-control': 'max-age=3600', vary: '*' },
      // No heuristic lifetime from Last-Modified, and `immutable` alone sets none.
      { 'last-modified': 'Tue, 01 Jan 2019 00:00:00 GMT' },
      { 'cache-control': 'immutable' },
      {},
    ]) {
      expect(freshUntil(URL_, 200, { date, ...headers }), JSON.stringify(headers)).toBeUndefined();
    }
  });

  it('is still fresh only before its time', () => {
    expect(stillFresh('2026-11-26T10:00:00.000Z', Date.parse('2026-11-26T09:59:59.000Z'))).toBe(true);
    expect(stillFresh('2026-11-26T10:00:00.000Z', Date.parse('2026-11-26T10:00:00.000Z'))).toBe(false);
    expect(stillFresh(undefined)).toBe(false);
  });
});
