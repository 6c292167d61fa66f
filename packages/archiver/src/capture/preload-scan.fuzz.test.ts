import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adversarial, anyText, grow, htmlDocument, mutated, runs, type Shape } from '../../test/support/fuzz-inputs.js';
import { SEED_HTML } from '../../test/support/fuzz-seeds.js';
import { expectLinearTime } from '../../test/support/time-budget.js';
import { scanStylesheets } from './preload-scan.js';

const page = 'https://example.test/blog/post';

describe('scanStylesheets, fuzzed', () => {
  it('never throws and finds only absolute http(s) URLs', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, htmlDocument, mutated(SEED_HTML)), (html) => {
        for (const url of scanStylesheets(html, page)) expect(url).toMatch(/^https?:\/\//);
      }),
      { numRuns: runs(300) },
    );
  });
});

/** Markup a regex scan can be quadratic on: openings whose close never comes. */
const SHAPES: Shape[] = [
  { name: 'unclosed comments', prefix: '', unit: '<!--', suffix: '' },
  { name: 'unclosed scripts', prefix: '', unit: '<script ', suffix: '' },
  { name: 'unclosed styles', prefix: '', unit: '<style>', suffix: '' },
  { name: 'unclosed link tags', prefix: '', unit: '<link ', suffix: '' },
  { name: 'unclosed quotes in a link', prefix: '<link rel=stylesheet', unit: " href='", suffix: '>' },
  { name: 'whitespace in a link', prefix: '<link rel=stylesheet href', unit: ' ', suffix: 'x>' },
  { name: 'many links', prefix: '', unit: '<link rel=stylesheet href=a.css>', suffix: '' },
];
const SIZE = 200_000;

describe('scanStylesheets time', () => {
  it.each(SHAPES)('is linear for $name', (shape) => {
    const html = grow(shape, SIZE);
    expectLinearTime('scanStylesheets', html, () => scanStylesheets(html, page));
  });

  it('is linear for random combinations of those shapes', () => {
    const contexts = SHAPES.map((s): [string, string] => [s.prefix, s.suffix]);
    const units = [...SHAPES.map((s) => s.unit), '<', ' ', '"', "'", '-->', '</script>', '>'];
    fc.assert(
      fc.property(adversarial(contexts, units, SIZE), (html) => {
        expectLinearTime('scanStylesheets', html, () => scanStylesheets(html, page));
      }),
      { numRuns: runs(10) },
    );
  });
});
