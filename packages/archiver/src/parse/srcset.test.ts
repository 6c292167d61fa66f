import { describe, it, expect } from 'vitest';
import { expectLinearTime } from '../../test/support/time-budget.js';
import { parseSrcset, rewriteSrcset, serializeSrcset } from './srcset.js';

describe('parseSrcset', () => {
  it('reads density and width descriptors', () => {
    expect(parseSrcset('a.jpg 1x, b.jpg 2x')).toEqual([
      { url: 'a.jpg', descriptor: '1x' },
      { url: 'b.jpg', descriptor: '2x' },
    ]);
    expect(parseSrcset('x.jpg 100w, y.jpg 200w')).toEqual([
      { url: 'x.jpg', descriptor: '100w' },
      { url: 'y.jpg', descriptor: '200w' },
    ]);
  });

  it('keeps a comma that is not followed by whitespace inside the URL', () => {
    expect(parseSrcset('a,b.jpg 1x')).toEqual([{ url: 'a,b.jpg', descriptor: '1x' }]);
    expect(parseSrcset('data:image/png;base64,AAA= 1x, b.png 2x')).toEqual([
      { url: 'data:image/png;base64,AAA=', descriptor: '1x' },
      { url: 'b.png', descriptor: '2x' },
    ]);
    expect(parseSrcset('a.jpg,b.jpg')).toEqual([{ url: 'a.jpg,b.jpg', descriptor: '' }]);
  });

  it('strips trailing commas from a URL without descriptors', () => {
    expect(parseSrcset('a.jpg, b.jpg')).toEqual([
      { url: 'a.jpg', descriptor: '' },
      { url: 'b.jpg', descriptor: '' },
    ]);
    expect(parseSrcset('a.jpg,,, b.jpg 2x')).toEqual([
      { url: 'a.jpg', descriptor: '' },
      { url: 'b.jpg', descriptor: '2x' },
    ]);
  });

  it('tolerates extra whitespace and commas', () => {
    expect(parseSrcset('  ,, a.jpg   1x  ,\n\t b.jpg\t2x ,, ')).toEqual([
      { url: 'a.jpg', descriptor: '1x' },
      { url: 'b.jpg', descriptor: '2x' },
    ]);
    expect(parseSrcset('')).toEqual([]);
    expect(parseSrcset(' , , ')).toEqual([]);
  });

  it('keeps invalid descriptors verbatim and honours parentheses', () => {
    expect(parseSrcset('a.jpg 1x 2x, b.jpg foo')).toEqual([
      { url: 'a.jpg', descriptor: '1x 2x' },
      { url: 'b.jpg', descriptor: 'foo' },
    ]);
    expect(parseSrcset('a.jpg (x, y) 1x, b.jpg')).toEqual([
      { url: 'a.jpg', descriptor: '(x, y) 1x' },
      { url: 'b.jpg', descriptor: '' },
    ]);
    expect(parseSrcset('a.jpg (unclosed, b.jpg')).toEqual([{ url: 'a.jpg', descriptor: '(unclosed, b.jpg' }]);
  });
});

describe('serializeSrcset', () => {
  it('joins candidates with ", "', () => {
    expect(serializeSrcset([{ url: 'a.jpg', descriptor: '1x' }, { url: 'b.jpg', descriptor: '' }])).toBe('a.jpg 1x, b.jpg');
  });
});

describe('rewriteSrcset', () => {
  const map = (table: Record<string, string>) => (url: string) => table[url];

  it('splices only the URLs, keeping the original spacing', () => {
    expect(rewriteSrcset('a.jpg  1x,b.jpg 2x', map({ 'b.jpg': 'img/b.jpg' }))).toBe('a.jpg  1x,img/b.jpg 2x');
    expect(rewriteSrcset('a.jpg, b.jpg', map({ 'a.jpg': 'x/a.jpg' }))).toBe('x/a.jpg, b.jpg');
  });

  it('drops candidates mapped to the empty string', () => {
    expect(rewriteSrcset('a.jpg 1x,  b.jpg 2x, c.jpg 3x', map({ 'b.jpg': '', 'c.jpg': 'C.jpg' }))).toBe('a.jpg 1x, C.jpg 3x');
  });

  it('returns the value unchanged when nothing maps', () => {
    const value = ' a.jpg 1x ,b.jpg 2x ';
    expect(rewriteSrcset(value, () => undefined)).toBe(value);
  });

  it('percent-encodes characters that would break the attribute grammar', () => {
    expect(rewriteSrcset('a.jpg 1x', () => 'my file,v2.jpg')).toBe('my%20file,v2.jpg 1x');
    expect(rewriteSrcset('a.jpg 1x', () => ',x.jpg,')).toBe('%2Cx.jpg%2C 1x');
    expect(parseSrcset(rewriteSrcset('a.jpg 1x, b.jpg 2x', () => 'a b,'))).toEqual([
      { url: 'a%20b%2C', descriptor: '1x' },
      { url: 'a%20b%2C', descriptor: '2x' },
    ]);
  });

  it('encodes edge commas in linear time, whatever runs of commas the URL holds', () => {
    const value = `a${','.repeat(50_000)}b 1x`;
    expectLinearTime('rewriteSrcset', value, () => expect(rewriteSrcset(value, (url) => `x/${url}`)).toBe(`x/${value}`));
  });
});
