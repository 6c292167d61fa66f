import { describe, it, expect } from 'vitest';
import { addAttributes, applyEdits, escapeAttribute, removeAttribute, setAttribute } from './html-edits.js';

const range = (startOffset: number, endOffset: number) => ({ startOffset, endOffset });

describe('applyEdits', () => {
  it('splices edits in offset order, whatever order they come in', () => {
    expect(
      applyEdits('0123456789', [
        { start: 7, end: 9, text: 'B' },
        { start: 1, end: 3, text: 'A' },
      ]),
    ).toBe('0A3456B9');
  });

  it('puts insertions at the same offset in the order given, before a replacement starting there', () => {
    expect(
      applyEdits('abc', [
        { start: 1, end: 2, text: 'X' },
        { start: 1, end: 1, text: '1' },
        { start: 1, end: 1, text: '2' },
      ]),
    ).toBe('a12Xc');
  });

  it('throws on overlapping edits instead of corrupting output', () => {
    expect(() =>
      applyEdits('abcdef', [
        { start: 1, end: 4, text: 'x' },
        { start: 3, end: 5, text: 'y' },
      ]),
    ).toThrow(/Overlapping HTML edits/);
  });
});

describe('attribute edits', () => {
  it('escapes & and " for a double-quoted value', () => {
    expect(escapeAttribute('a&b"c\'<d>')).toBe('a&amp;b&quot;c\'<d>');
  });

  it('rewrites an attribute keeping the name as written', () => {
    const src = "<IMG SRC='a.png'>";
    expect(applyEdits(src, [setAttribute(src, range(5, 16), 'src', 'b".png')])).toBe('<IMG SRC="b&quot;.png">');
  });

  it('removes an attribute with its leading whitespace', () => {
    const src = '<link href=a.css\n  integrity="sha-x" crossorigin>';
    expect(applyEdits(src, [removeAttribute(src, range(19, 36))])).toBe('<link href=a.css crossorigin>');
  });

  it('adds attributes before a self-closing slash but not inside an unquoted value', () => {
    const selfClosing = '<img alt="" />';
    expect(applyEdits(selfClosing, [addAttributes(selfClosing, range(0, 14), [range(5, 11)], [['src', 'x']])])).toBe(
      '<img alt="" src="x" />',
    );
    const unquoted = '<img alt=a/>';
    expect(applyEdits(unquoted, [addAttributes(unquoted, range(0, 12), [range(5, 11)], [['src', 'x']])])).toBe(
      '<img alt=a/ src="x">',
    );
    const spaced = '<img\n>';
    expect(applyEdits(spaced, [addAttributes(spaced, range(0, 6), [], [['src', 'x'], ['alt', '']])])).toBe(
      '<img src="x" alt=""\n>',
    );
  });

  it('takes along the = of an attribute whose value is left out, which parse5 does not locate', () => {
    // parse5 locates `style` and `crossorigin` by name alone here.
    const set = '<div style= >';
    expect(applyEdits(set, [setAttribute(set, range(5, 10), 'style', 'a')])).toBe('<div style="a" >');
    const removed = '<link rel=stylesheet crossorigin=>';
    expect(applyEdits(removed, [removeAttribute(removed, range(21, 32))])).toBe('<link rel=stylesheet>');
  });

  it('keeps the space before a / or a glued attribute when removing, so that neighbours do not join', () => {
    const slash = '<link rel=stylesheet crossorigin/>';
    expect(applyEdits(slash, [removeAttribute(slash, range(21, 32))])).toBe('<link rel=stylesheet />');
    const glued = '<script crossorigin=""src=a.js>';
    expect(applyEdits(glued, [removeAttribute(glued, range(8, 22))])).toBe('<script src=a.js>');
    // `alt` would take `="x"` as its value.
    const equals = '<img alt crossorigin=c ="x">';
    expect(applyEdits(equals, [removeAttribute(equals, range(9, 22))])).toBe('<img alt / ="x">');
  });

  it('adds attributes after the tag name when the last attribute ends in a bare =', () => {
    // At the end, ` src="x"` would become the value of `alt`.
    const src = '<img alt= >';
    expect(applyEdits(src, [addAttributes(src, range(0, 11), [range(5, 8)], [['src', 'x']])])).toBe('<img src="x" alt= >');
  });
});
