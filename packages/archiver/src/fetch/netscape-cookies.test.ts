import { describe, expect, it } from 'vitest';
import { CookieFileError, parseNetscapeCookies } from './netscape-cookies.js';

// As curl -c, wget --save-cookies and the "cookies.txt" browser extensions write it.
const FILE = [
  '# Netscape HTTP Cookie File',
  '# https://curl.se/docs/http-cookies.html',
  '',
  '.example.com\tTRUE\t/\tFALSE\t2000000000\twide\tw1',
  'www.example.com\tFALSE\t/app\tTRUE\t0\tnarrow\tn=2',
  '#HttpOnly_example.org\tFALSE\t/\tFALSE\t1700000000\tsid\tabc',
  'example.net\tfalse\t/\tfalse\t0\tempty\t',
  'example.net\tFALSE\t/\tFALSE\t0\tsix-fields',
  '   ',
].join('\r\n');

describe('parseNetscapeCookies', () => {
  it('reads cookies, #HttpOnly_ lines and six-field lines; skips comments and blank lines', () => {
    expect(parseNetscapeCookies(FILE)).toEqual([
      { domain: 'example.com', includeSubdomains: true, path: '/', secure: false, httpOnly: false, expires: 2000000000, name: 'wide', value: 'w1' },
      { domain: 'www.example.com', includeSubdomains: false, path: '/app', secure: true, httpOnly: false, expires: 0, name: 'narrow', value: 'n=2' },
      { domain: 'example.org', includeSubdomains: false, path: '/', secure: false, httpOnly: true, expires: 1700000000, name: 'sid', value: 'abc' },
      { domain: 'example.net', includeSubdomains: false, path: '/', secure: false, httpOnly: false, expires: 0, name: 'empty', value: '' },
      { domain: 'example.net', includeSubdomains: false, path: '/', secure: false, httpOnly: false, expires: 0, name: 'six-fields', value: '' },
    ]);
  });

  it('names the first line that is not a cookie', () => {
    const bad = (lines: string[]) => {
      try {
        parseNetscapeCookies(lines.join('\n'));
      } catch (error) {
        expect(error).toBeInstanceOf(CookieFileError);
        return (error as Error).message;
      }
      throw new Error('no error');
    };
    expect(bad(['# ok', '', 'example.com TRUE / FALSE 0 a b'])).toBe(
      'line 3: expected 7 tab-separated fields (domain, include subdomains, path, secure, expiry, name, value), found 1',
    );
    expect(bad(['example.com\tYES\t/\tFALSE\t0\ta\tb'])).toMatch(/^line 1: the include subdomains field must be TRUE or FALSE/);
    expect(bad(['example.com\tTRUE\t/\tFALSE\tsoon\ta\tb'])).toMatch(/^line 1: the expiry must be a Unix time/);
    expect(bad(['example.com\tTRUE\tapp\tFALSE\t0\ta\tb'])).toMatch(/^line 1: the path must start with "\/"/);
    expect(bad(['x.com\tTRUE\t/\tFALSE\t0\ta\tb', '{"name": "json export"}'])).toMatch(/^line 2: expected 7/);
  });
});
