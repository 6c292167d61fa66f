import { describe, expect, it } from 'vitest';
import { Interned } from './interned.js';

/** The same characters as `value` in a string of their own (no literal V8 would share). */
const copyOf = (value: string) => [...value].join('');

describe('Interned', () => {
  it('gives back the first string of each value, whatever string asks', () => {
    const interned = new Interned();
    const first = interned.of(copyOf('text/html'));
    expect(interned.of(copyOf('text/html'))).toBe(first);
    expect(interned.of('image/png')).toBe('image/png');
  });

  it('stops remembering past its limit and passes later values through', () => {
    const interned = new Interned(2);
    interned.of('a/1');
    interned.of('a/2');
    expect(interned.of('a/3')).toBe('a/3');
    expect(interned.of(copyOf('a/1'))).toBe('a/1');
  });
});
