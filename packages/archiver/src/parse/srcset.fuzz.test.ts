import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adversarial, anyText, grow, mutated, runs, srcsetValue, type Shape } from '../../test/support/fuzz-inputs.js';
import { SEED_SRCSET } from '../../test/support/fuzz-seeds.js';
import { expectLinearTime } from '../../test/support/time-budget.js';
import { parseSrcset, rewriteSrcset, serializeSrcset, type SrcsetCandidate } from './srcset.js';

const values = fc.oneof(anyText, srcsetValue, srcsetValue, mutated(SEED_SRCSET));
/** Supplementary private use: never in the generated input, and no whitespace or comma. */
const MARK = '\u{F0000}';
const marker = (i: number) => `${MARK}${i}${MARK}`;
const descriptors = (candidates: readonly SrcsetCandidate[]) => candidates.map((c) => c.descriptor);

describe('srcset parse and rewrite, fuzzed', () => {
  it('never throw', () => {
    fc.assert(
      fc.property(values, (value) => {
        serializeSrcset(parseSrcset(value));
        rewriteSrcset(value, (url) => `x/${url}`);
        rewriteSrcset(value, (url) => (url.length % 2 === 0 ? '' : ' ,a b, '));
      }),
      { numRuns: runs(300) },
    );
  });

  it('change nothing when map returns undefined', () => {
    fc.assert(
      fc.property(values, (value) => {
        expect(rewriteSrcset(value, () => undefined)).toBe(value);
      }),
      { numRuns: runs(300) },
    );
  });

  it('replace exactly the URLs, in order, keeping every other byte', () => {
    fc.assert(
      fc.property(values, (value) => {
        fc.pre(!value.includes(MARK));
        const urls = parseSrcset(value).map((c) => c.url);
        let calls = 0;
        const output = rewriteSrcset(value, () => marker(calls++));
        expect(calls).toBe(urls.length);
        const restored = output.replace(new RegExp(`${MARK}(\\d+)${MARK}`, 'gu'), (_, i: string) => urls[Number(i)]!);
        expect(restored).toBe(value);
      }),
      { numRuns: runs(300) },
    );
  });

  it('read back what serializeSrcset writes: the parsed form is a fixed point', () => {
    fc.assert(
      fc.property(values, (value) => {
        const candidates = parseSrcset(value);
        expect(parseSrcset(serializeSrcset(candidates))).toEqual(candidates);
      }),
      { numRuns: runs(300) },
    );
  });

  it('keep the other candidates, descriptors and all, when some are dropped', () => {
    fc.assert(
      fc.property(values, fc.func(fc.boolean()), (value, drop) => {
        const candidates = parseSrcset(value);
        const output = rewriteSrcset(value, (url) => (drop(url) ? '' : undefined));
        expect(parseSrcset(output)).toEqual(candidates.filter((c) => !drop(c.url)));
      }),
      { numRuns: runs(300) },
    );
  });

  it('encode replacements so that they cannot split or merge candidates', () => {
    // No `%` in the replacement: every `%` written is one of the encoding's.
    const replacement = fc.string({ unit: fc.constantFrom('a', '/', ',', ' ', '\t', '\n', '\f', '\r', '(', ')', '1x', 'é'), minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(values, replacement, (value, next) => {
        const candidates = parseSrcset(value);
        const output = parseSrcset(rewriteSrcset(value, () => next));
        expect(descriptors(output)).toEqual(descriptors(candidates));
        for (const { url } of output) {
          expect(decodeURIComponent(url)).toBe(next);
          expect(url).not.toMatch(/[\t\n\f\r ]|^,|,$/);
        }
      }),
      { numRuns: runs(300) },
    );
  });
});

/** Inputs whose size a careless scan pays for quadratically. */
const SHAPES: Shape[] = [
  { name: 'a huge candidate list', prefix: '', unit: 'a.png 1x, ', suffix: '' },
  { name: 'commas', prefix: 'a', unit: ',', suffix: 'b 1x' },
  { name: 'whitespace', prefix: 'a', unit: ' ', suffix: '1x' },
  { name: 'an unclosed parenthesis', prefix: 'a.png ', unit: '(', suffix: '' },
  { name: 'descriptors', prefix: 'a.png', unit: ' 1x', suffix: '' },
  { name: 'a long URL', prefix: '', unit: 'a', suffix: ' 1x' },
];
const SIZE = 200_000;

describe('srcset time', () => {
  it.each(SHAPES)('is linear for $name', (shape) => {
    const value = grow(shape, SIZE);
    expectLinearTime('parseSrcset', value, () => parseSrcset(value));
    expectLinearTime('rewriteSrcset', value, () => rewriteSrcset(value, (url) => `x/${url},`));
    expectLinearTime('rewriteSrcset dropping', value, () => rewriteSrcset(value, (url) => (url.length % 2 ? '' : ` ${url} `)));
  });

  it('is linear for random combinations of those shapes', () => {
    const contexts = SHAPES.map((s): [string, string] => [s.prefix, s.suffix]);
    const units = [...SHAPES.map((s) => s.unit), ',', ' ', '(', ')', 'x'];
    fc.assert(
      fc.property(adversarial(contexts, units, SIZE), (value) => {
        expectLinearTime('parseSrcset', value, () => parseSrcset(value));
        expectLinearTime('rewriteSrcset', value, () => rewriteSrcset(value, (url) => `,x/${url},`));
      }),
      { numRuns: runs(20) },
    );
  });
});
