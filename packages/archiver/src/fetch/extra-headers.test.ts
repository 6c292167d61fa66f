import { describe, expect, it } from 'vitest';
import { extraHeaderProblem, headerRecord, parseHeaderLine } from './extra-headers.js';
import { SiteCredentials } from './site-credentials.js';

describe('extra headers', () => {
  it('parse "Name: value" and refuse the headers the engine owns', () => {
    expect(parseHeaderLine('Authorization:  Bearer a:b ')).toEqual(['Authorization', 'Bearer a:b']);
    expect(parseHeaderLine('no colon')).toBeUndefined();
    expect(parseHeaderLine(': value')).toBeUndefined();
    for (const name of ['Host', 'content-length', 'Connection', 'Transfer-Encoding', 'TE', 'Upgrade', 'Accept-Encoding', 'Range']) {
      expect(extraHeaderProblem([name, 'x'])).toMatch(/set by sitezip itself/);
    }
    expect(extraHeaderProblem(['X Token', 'x'])).toMatch(/not a header name/);
    expect(extraHeaderProblem(['X-Token', 'a\r\nHost: evil'])).toMatch(/line break/);
    expect(extraHeaderProblem(['X-Token', 'a'])).toBeUndefined();
    expect(headerRecord([['X-A', '1'], ['x-a', '2'], ['Cookie', 'a=1'], ['cookie', 'b=2']])).toEqual({ 'x-a': '1, 2', cookie: 'a=1; b=2' });
  });

  it('go to the start URL host and port only, and not over http when the start was https', () => {
    const credentials = new SiteCredentials('https://example.com:8443/start', [['X-Token', 't']], []);
    expect(credentials.headersFor(new URL('https://example.com:8443/img.png'))).toEqual({ 'x-token': 't' });
    expect(credentials.headersFor(new URL('https://example.com/img.png'))).toEqual({});
    expect(credentials.headersFor(new URL('http://example.com:8443/img.png'))).toEqual({});
    expect(credentials.headersFor(new URL('https://cdn.example.com:8443/img.png'))).toEqual({});
    expect(credentials.isSecret('X-TOKEN')).toBe(true);
    expect(credentials.isSecret('Cookie')).toBe(true);
    expect(credentials.isSecret('Accept')).toBe(false);
    expect(() => new SiteCredentials(undefined, [['X-Token', 't']], [])).toThrow(/start URL/);
  });
});
