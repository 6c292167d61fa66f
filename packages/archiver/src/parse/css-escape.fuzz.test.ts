import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyText, runs } from '../../test/support/fuzz-inputs.js';
import { cssString, decodeCssEscapes, escapeLength, isSafeUnquotedUrl } from './css-escape.js';
import { scanCss } from './css-scan.js';

/** Any string, lone surrogates and the characters CSS strings treat specially included. */
const special = fc.constantFrom('\\', '"', "'", '\n', '\r', '\f', '\r\n', '<', '\0', ' ', 'a', 'f', '0', ')', '\ud800', '\udc00');
const value = fc.oneof(anyText, fc.string({ unit: special }));
const quote = fc.constantFrom('"' as const, "'" as const);
/** CSS Syntax reads NUL as U+FFFD, escaped or not. */
const asRead = (s: string) => s.replace(/\0/g, '\ufffd');

describe('CSS escapes, fuzzed', () => {
  it('decode what cssString writes back to the value', () => {
    fc.assert(
      fc.property(value, quote, (v, q) => {
        expect(decodeCssEscapes(cssString(v, q).slice(1, -1))).toBe(asRead(v));
      }),
      { numRuns: runs(300) },
    );
  });

  it('write a single string token that scanCss reads back, with nothing that could close <style>', () => {
    fc.assert(
      fc.property(value, quote, (v, q) => {
        const written = cssString(v, q);
        expect(written.slice(1, -1)).not.toMatch(/[<\n\r\f]/);
        expect(scanCss(`a{b:url(${written})}`).map((s) => s.value)).toEqual([asRead(v)]);
        expect(scanCss(`@import ${written};`).map((s) => s.value)).toEqual([asRead(v)]);
      }),
      { numRuns: runs(300) },
    );
  });

  it('keep a value judged safe unquoted as it is inside url()', () => {
    fc.assert(
      fc.property(value, (v) => {
        fc.pre(v !== '' && isSafeUnquotedUrl(v));
        expect(scanCss(`a{b:url(${v})}`).map((s) => s.value)).toEqual([v]);
      }),
      { numRuns: runs(300) },
    );
  });

  it('decode a hex escape to its code point, or U+FFFD where CSS says so', () => {
    // Any, and around the surrogates and the last code point.
    const codePoint = fc.oneof(fc.integer({ min: 0, max: 0xffffff }), fc.integer({ min: 0xd7f0, max: 0xe00f }), fc.integer({ min: 0x10fff0, max: 0x11000f }));
    fc.assert(
      fc.property(codePoint, fc.constantFrom('', ' ', '\n', '\t', '\r\n'), (cp, end) => {
        const hex = cp.toString(16);
        const invalid = cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff);
        expect(decodeCssEscapes(`\\${hex}${end}z`)).toBe(`${invalid ? '\ufffd' : String.fromCodePoint(cp)}z`);
      }),
      { numRuns: runs(300) },
    );
  });

  it('never throw, and measure every escape within the text', () => {
    fc.assert(
      fc.property(value, (text) => {
        decodeCssEscapes(text);
        for (let i = text.indexOf('\\'); i >= 0; i = text.indexOf('\\', i + 1)) {
          const length = escapeLength(text, i);
          expect(length).toBeGreaterThanOrEqual(1);
          expect(i + length).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: runs(300) },
    );
  });
});
