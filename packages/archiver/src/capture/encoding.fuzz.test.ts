import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyText, cssText, grow, htmlDocument, mutated, runs, type Shape } from '../../test/support/fuzz-inputs.js';
import { SEED_CSS, SEED_HTML } from '../../test/support/fuzz-seeds.js';
import { expectLinearTime } from '../../test/support/time-budget.js';
import { declareUtf8Css, declareUtf8Html, sniffCssEncoding, sniffHtmlEncoding } from './encoding.js';

const declared = fc.constantFrom('<meta charset="Shift_JIS">', '<meta http-equiv=content-type content="text/html; charset=koi8-r">');
const html = fc.oneof(anyText, htmlDocument, mutated(SEED_HTML), declared);
const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('encoding sniffing and declaration, fuzzed', () => {
  it('never throw, and declaring UTF-8 twice changes nothing more', () => {
    fc.assert(
      fc.property(html, fc.constantFrom(undefined, 'utf-8', 'bogus', 'Shift_JIS'), (text, header) => {
        sniffHtmlEncoding(bytes(text), header);
        const declared = declareUtf8Html(text);
        expect(declareUtf8Html(declared)).toBe(declared);
      }),
      { numRuns: runs(300) },
    );
  });

  it('leave a declared document read as UTF-8', () => {
    fc.assert(
      fc.property(html, (text) => {
        expect(sniffHtmlEncoding(Buffer.from(declareUtf8Html(text), 'utf8'), undefined)).toBe('utf-8');
      }),
      { numRuns: runs(300) },
    );
  });

  it('never throw on CSS', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, cssText, mutated(SEED_CSS)), (text) => {
        sniffCssEncoding(bytes(text), undefined);
        declareUtf8Css(text);
      }),
      { numRuns: runs(300) },
    );
  });
});

const SHAPES: Shape[] = [
  { name: 'unclosed meta tags', prefix: '', unit: '<meta ', suffix: '' },
  { name: 'charset without a value', prefix: '<meta ', unit: 'charset ', suffix: '' },
  { name: 'whitespace after charset', prefix: '<meta charset', unit: ' ', suffix: '' },
  { name: 'many metas', prefix: '', unit: '<meta charset="x">', suffix: '' },
];
const SIZE = 200_000;

describe('declareUtf8Html time', () => {
  it.each(SHAPES)('is linear for $name', (shape) => {
    const text = grow(shape, SIZE);
    expectLinearTime('declareUtf8Html', text, () => declareUtf8Html(text));
    expectLinearTime('sniffHtmlEncoding', text, () => sniffHtmlEncoding(bytes(text), undefined));
  });
});
