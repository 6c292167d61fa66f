import { describe, expect, it } from 'vitest';
import { expectLinearTime } from '../../test/support/time-budget.js';
import { isSkippedUrl, trimAsciiWhitespace, trimAsciiWhitespaceEnd } from './skip-url.js';

describe('trimAsciiWhitespace', () => {
  it('strips ASCII whitespace only, keeping U+00A0', () => {
    expect(trimAsciiWhitespace(' \t\n\f\ra b\r\n ')).toBe('a b');
    expect(trimAsciiWhitespace('\u00a0a\u00a0')).toBe('\u00a0a\u00a0');
    expect(trimAsciiWhitespace(' \n ')).toBe('');
    expect(trimAsciiWhitespaceEnd(' a b \n')).toBe(' a b');
  });

  it('takes linear time on a long whitespace run inside the value', () => {
    // A `/\s+$/` regex retried at every space of the run: seconds for this one.
    const value = `a${' '.repeat(50_000)}b`;
    expectLinearTime('trimAsciiWhitespace', value, () => expect(trimAsciiWhitespace(value)).toBe(value));
    expectLinearTime('trimAsciiWhitespaceEnd', value, () => expect(trimAsciiWhitespaceEnd(value)).toBe(value));
  });
});

describe('isSkippedUrl', () => {
  it('skips empty, fragment-only and inert-scheme references', () => {
    expect(['', '#top', 'data:,', 'About:blank', 'JAVASCRIPT:x'].map(isSkippedUrl)).toEqual([true, true, true, true, true]);
    expect(['a.png', '/#x', 'https://a.test/'].map(isSkippedUrl)).toEqual([false, false, false]);
  });
});
