import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adversarial, anyText, cssText, grow, mutated, runs, type Shape } from '../../test/support/fuzz-inputs.js';
import { SEED_CSS } from '../../test/support/fuzz-seeds.js';
import { expectLinearTime } from '../../test/support/time-budget.js';
import { findCssRefs, rewriteCss, type CssRef } from './css.js';
import { scanCss } from './css-scan.js';
import { isSkippedUrl, trimAsciiWhitespace } from './skip-url.js';

const css = fc.oneof(anyText, cssText, mutated(SEED_CSS));
/** Supplementary private use: never in the generated input, and safe in an unquoted url(). */
const MARK = '\u{F0000}';
const marker = (i: number) => `${MARK}${i}${MARK}`;

describe('CSS find and rewrite, fuzzed', () => {
  it('never throw', () => {
    fc.assert(
      fc.property(css, (text) => {
        findCssRefs(text);
        rewriteCss(text, (ref) => `x/${ref.url}`);
        rewriteCss(text, () => '"q\\(\n');
      }),
      { numRuns: runs(300) },
    );
  });

  it('change nothing when map returns undefined', () => {
    fc.assert(
      fc.property(css, (text) => {
        expect(rewriteCss(text, () => undefined)).toBe(text);
      }),
      { numRuns: runs(300) },
    );
  });

  it('replace exactly the reported spans, keeping every other byte', () => {
    fc.assert(
      fc.property(css, (text) => {
        fc.pre(!text.includes(MARK));
        const spans = scanCss(text).filter((s) => !isSkippedUrl(trimAsciiWhitespace(s.value)));
        let expected = '';
        let pos = 0;
        spans.forEach((span, i) => {
          expect(span.start).toBeGreaterThanOrEqual(pos);
          expect(span.end).toBeGreaterThanOrEqual(span.start);
          expected += text.slice(pos, span.start) + span.quote + marker(i) + span.quote;
          pos = span.end;
        });
        expected += text.slice(pos);
        let calls = 0;
        expect(rewriteCss(text, () => marker(calls++))).toBe(expected);
        expect(calls).toBe(spans.length);
      }),
      { numRuns: runs(300) },
    );
  });

  it('write references that findCssRefs reads back, whatever characters they hold', () => {
    const special = fc.constantFrom('"', "'", '\\', '(', ')', ' ', '\n', '\r', '\f', '<', '*/', '/*', ';', '}');
    const target = fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', maxLength: 1 }), special), minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(css, target, (text, suffix) => {
        // NUL is read back as U+FFFD (CSS Syntax); the leading `u` keeps trimming and skipping out of the picture.
        const next = (ref: CssRef) => trimAsciiWhitespace(`u${ref.url}${suffix}`.replace(/\0/g, '\ufffd'));
        const before = findCssRefs(text);
        expect(findCssRefs(rewriteCss(text, next))).toEqual(before.map((ref) => ({ ...ref, url: next(ref) })));
      }),
      { numRuns: runs(300) },
    );
  });
});

/** Inputs whose size a careless scan pays for quadratically. */
const SHAPES: Shape[] = [
  { name: 'url( never closed', prefix: 'a{b:', unit: 'url(', suffix: '' },
  { name: 'url(" never closed', prefix: '', unit: 'url("', suffix: '' },
  { name: 'whitespace inside a url', prefix: 'a{b:url(x', unit: ' ', suffix: 'y)}' },
  { name: 'whitespace inside a string url', prefix: 'a{b:url("x', unit: ' ', suffix: 'y")}' },
  { name: 'whitespace around a url', prefix: 'a{b:url(', unit: ' \t\n', suffix: 'x)}' },
  { name: 'unclosed comments', prefix: '', unit: '/*', suffix: '' },
  { name: 'unclosed strings', prefix: '', unit: '"\\\n', suffix: '' },
  { name: 'nested functions', prefix: 'a{b:', unit: 'image-set(', suffix: '"x.png"' },
  { name: 'open parentheses', prefix: '', unit: '(', suffix: 'url(x)' },
  { name: 'escapes', prefix: 'a{b:url(', unit: '\\41 ', suffix: ')}' },
  { name: 'backslashes', prefix: '', unit: '\\', suffix: '' },
  { name: 'imports', prefix: '', unit: '@import ', suffix: '"x.css";' },
  { name: 'many urls', prefix: '', unit: 'a{b:url(x.png)}', suffix: '' },
];
const SIZE = 200_000;
const map = (ref: CssRef) => `x/${ref.url}`;

describe('CSS find and rewrite time', () => {
  it.each(SHAPES)('is linear for $name', (shape) => {
    const text = grow(shape, SIZE);
    expectLinearTime('findCssRefs', text, () => findCssRefs(text));
    expectLinearTime('rewriteCss', text, () => rewriteCss(text, map));
  });

  it('is linear for random combinations of those shapes', () => {
    const contexts = SHAPES.map((s): [string, string] => [s.prefix, s.suffix]);
    const units = [...SHAPES.map((s) => s.unit), ' ', '\n', 'a', ')', '"', "'", '{', '}', ';', ','];
    fc.assert(
      fc.property(adversarial(contexts, units, SIZE), (text) => {
        expectLinearTime('findCssRefs', text, () => findCssRefs(text));
        expectLinearTime('rewriteCss', text, () => rewriteCss(text, map));
      }),
      { numRuns: runs(20) },
    );
  });
});
