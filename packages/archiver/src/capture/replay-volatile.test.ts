import { describe, expect, it } from 'vitest';
import { VOLATILE_SOURCE } from './replay-volatile.js';

const ANSWER = { status: 200, headers: {}, body: '' };

/** The layer's volatileMatch over these recorded keys. */
function matcher(keys: string[]): (key: string) => string | undefined {
  const data = { responses: Object.fromEntries(keys.map((key) => [key, ANSWER])) };
  return new Function('data', 'scope', `${VOLATILE_SOURCE}; return volatileMatch;`)(data, {}) as (key: string) => string | undefined;
}

describe('a request asked again with a value made for the occasion', () => {
  const match = matcher([
    'GET https://site.example/api/items?_=1764240000123',
    'GET https://site.example/api/count?lang=en&r=0.8312207310',
    'GET https://site.example/api/page?page=1&t=1764240000',
    'GET https://site.example/api/token?id=k3j5h6g7f8d9',
    'POST https://site.example/api/items?_=1764240000123 sha256=ab',
  ]);

  it('finds the recorded request whose other values are the same', () => {
    expect(match('GET https://site.example/api/items?_=1764249999999')).toBe('GET https://site.example/api/items?_=1764240000123');
    expect(match('GET https://site.example/api/count?lang=en&r=0.1234567')).toBe('GET https://site.example/api/count?lang=en&r=0.8312207310');
    expect(match('GET https://site.example/api/page?page=1&t=1764250000')).toBe('GET https://site.example/api/page?page=1&t=1764240000');
  });

  it('finds a file asked again so too', () => {
    const data = { responses: {}, files: { 'https://t.example/pixel.gif?cb=0.30307626826': 'pixel.gif' } };
    const volatileMatch = new Function('data', 'scope', `${VOLATILE_SOURCE}; return volatileMatch;`)(data, {}) as (key: string, file?: boolean) => string | undefined;
    expect(volatileMatch('https://t.example/pixel.gif?cb=0.91124', true)).toBe('https://t.example/pixel.gif?cb=0.30307626826');
    expect(volatileMatch('GET https://t.example/pixel.gif?cb=0.91124')).toBeUndefined();
  });

  it('finds none for another page, another name, another method, or a value that is not made for the occasion', () => {
    expect(match('GET https://site.example/api/page?page=2&t=1764250000')).toBeUndefined();
    expect(match('GET https://site.example/api/count?lang=fr&r=0.1234567')).toBeUndefined();
    expect(match('GET https://site.example/api/items?v=1764249999999')).toBeUndefined();
    expect(match('GET https://site.example/api/items?_=1764249999999&x=1')).toBeUndefined();
    expect(match('GET https://site.example/api/other?_=1764249999999')).toBeUndefined();
    expect(match('HEAD https://site.example/api/items?_=1764249999999')).toBeUndefined();
    expect(match('GET https://site.example/api/items?_=first')).toBeUndefined();
    expect(match('GET https://site.example/api/token?id=zz9yy8xx7ww6')).toBeUndefined();
    expect(matcher(['GET https://x.example/tweet?id=1864240000123456789'])('GET https://x.example/tweet?id=1864240000123456790')).toBeUndefined();
    expect(match('GET https://site.example/api/items')).toBeUndefined();
  });

  it('finds a JSONP script asked with the name of another of the page\'s functions, and has the recorded name call it', () => {
    const data = { responses: {}, files: { 'https://api.example/feed.js?callback=jQuery3710831_1764240000123&_=1764240000124': 'api.example/feed.js' } };
    const calls: unknown[] = [];
    const scope: Record<string, unknown> = { jQuery3710831_1764249999999: (value: unknown) => calls.push(value) };
    const volatileMatch = new Function('data', 'scope', `${VOLATILE_SOURCE}; return volatileMatch;`)(data, scope) as (key: string, file?: boolean) => string | undefined;
    // Not a function of the page's: no match, nothing defined.
    expect(volatileMatch('https://api.example/feed.js?callback=other_1&_=1764249999998', true)).toBeUndefined();
    expect(scope['jQuery3710831_1764240000123']).toBeUndefined();
    expect(volatileMatch('https://api.example/feed.js?callback=jQuery3710831_1764249999999&_=1764249999998', true)).toBe(Object.keys(data.files)[0]);
    (scope['jQuery3710831_1764240000123'] as (value: unknown) => void)({ items: 3 });
    expect(calls).toEqual([{ items: 3 }]);
  });
});
