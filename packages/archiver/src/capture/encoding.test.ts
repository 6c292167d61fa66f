import { describe, expect, it } from 'vitest';
import { expectLinearTime } from '../../test/support/time-budget.js';
import { declareUtf8Html, sniffCssEncoding, sniffHtmlEncoding } from './encoding.js';

const bytes = (s: string) => Buffer.from(s, 'latin1');

describe('sniffHtmlEncoding', () => {
  it('prefers BOM, then header, then meta', () => {
    expect(sniffHtmlEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x41]), 'shift_jis')).toBe('utf-8');
    expect(sniffHtmlEncoding(bytes('<meta charset="windows-1251">'), 'Shift_JIS')).toBe('shift_jis');
    expect(sniffHtmlEncoding(bytes('<meta charset="windows-1251">'), undefined)).toBe('windows-1251');
    expect(
      sniffHtmlEncoding(bytes('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'), undefined),
    ).toBe('shift_jis');
    expect(sniffHtmlEncoding(bytes('<meta charset="utf-16">'), undefined)).toBe('utf-8');
    expect(sniffHtmlEncoding(bytes('caf\xe9'), undefined)).toBe('windows-1252');
    expect(sniffHtmlEncoding(Buffer.from('café', 'utf8'), 'bogus')).toBe('utf-8');
  });

  it('reads @charset in CSS', () => {
    expect(sniffCssEncoding(bytes('@charset "windows-1251";\nbody{}'), undefined)).toBe('windows-1251');
    expect(sniffCssEncoding(bytes('body{}'), undefined, 'shift_jis')).toBe('shift_jis');
  });

  it('rewrites charset declarations to utf-8', () => {
    expect(declareUtf8Html('<head><meta charset="Shift_JIS"><title>x</title>')).toBe(
      '<head><meta charset="utf-8"><title>x</title>',
    );
    expect(declareUtf8Html('<meta http-equiv="content-type" content="text/html; charset=windows-1251">')).toBe(
      '<meta http-equiv="content-type" content="text/html; charset=utf-8">',
    );
    expect(declareUtf8Html('<html><head><title>x</title>')).toBe('<html><head><title>x</title>');
  });

  it('rewrites the first charset of each meta tag, in linear time even with tags left open', () => {
    expect(declareUtf8Html('<meta <meta charset=koi8-r><meta charset=x')).toBe('<meta <meta charset=utf-8><meta charset=utf-8');
    const open = '<meta '.repeat(40_000);
    expectLinearTime('declareUtf8Html', open, () => expect(declareUtf8Html(open)).toBe(open));
  });
});
