import { describe, expect, it } from 'vitest';
import { canonicalPageUrl } from './canonical.js';
import { createScope } from './scope.js';
import { TrapGuard } from './traps.js';

describe('canonicalPageUrl', () => {
  it('lands every spelling of a page on one key', () => {
    const same = [
      'http://Example.com:80/about',
      'http://example.com/about/',
      'http://example.com/about/index.html',
      'http://example.com/about/#team',
      'http://example.com/about;jsessionid=ABC123',
      'http://example.com/about/?PHPSESSID=42',
    ];
    expect(new Set(same.map((u) => canonicalPageUrl(u)))).toEqual(new Set(['http://example.com/about/']));
    expect(canonicalPageUrl('http://example.com/a?b=2&a=1')).toBe('http://example.com/a/?a=1&b=2');
    expect(canonicalPageUrl('http://example.com/file.html')).toBe('http://example.com/file.html');
    expect(canonicalPageUrl('mailto:x@example.com')).toBeUndefined();
    expect(canonicalPageUrl('/x', 'https://example.com/a/b')).toBe('https://example.com/x/');
  });
});

describe('createScope', () => {
  it('keeps to the host, a path prefix or the whole domain', () => {
    const host = createScope('https://www.example.com/docs/intro', 'host');
    expect(host.includes('https://example.com/blog/')).toBe(true);
    expect(host.includes('http://www.example.com/')).toBe(true);
    expect(host.includes('https://cdn.example.com/')).toBe(false);
    const prefix = createScope('https://example.com/docs/intro', 'prefix');
    expect(prefix.includes('https://example.com/docs/api/')).toBe(true);
    expect(prefix.includes('https://example.com/blog/')).toBe(false);
    const domain = createScope('https://www.example.co.uk/', 'domain');
    expect(domain.includes('https://shop.example.co.uk/x')).toBe(true);
    expect(domain.includes('https://example.co.uk/')).toBe(true);
    expect(domain.includes('https://other.co.uk/')).toBe(false);
    expect(host.includes('ftp://example.com/')).toBe(false);
  });
});

describe('TrapGuard', () => {
  it('refuses endless query variants and repeating paths', () => {
    const guard = new TrapGuard({ maxVariantsPerPath: 3, maxRepeatedSegment: 2, maxUrlLength: 100 });
    const calendar = Array.from({ length: 5 }, (_, i) => guard.refuse(`http://e.com/cal/?month=${i}`));
    expect(calendar.filter((r) => r === undefined)).toHaveLength(3);
    expect(calendar[4]).toEqual({ code: 'query-variants', reason: 'more than 3 query variants of /cal/' });
    expect(guard.refuse('http://e.com/a/b/a/b/a/')).toMatchObject({ code: 'repeating-path' });
    expect(guard.refuse(`http://e.com/${'x'.repeat(200)}`)).toMatchObject({ code: 'url-too-long' });
    expect(guard.refuse('http://e.com/plain/')).toBeUndefined();
  });
});
