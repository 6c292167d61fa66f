import fc from 'fast-check';
import { parse, parseFragment, type DefaultTreeAdapterTypes as Tree } from 'parse5';
import { describe, expect, it } from 'vitest';
import { anyText, runs } from '../../test/support/fuzz-inputs.js';
import { applyEdits, escapeAttribute, escapeText, type Edit } from './html-edits.js';

/** The input stream preprocessing of HTML: CR and CRLF become LF; and NUL in these places reads as U+FFFD. */
const asParsed = (s: string) => s.replace(/\r\n?/g, '\n').replace(/\0/g, '\ufffd');

/** A source and edits that do not overlap (insertions may share an offset), in random order. */
const edited = anyText.chain((source) =>
  fc
    .array(fc.tuple(fc.nat(source.length), fc.nat(source.length), fc.string({ maxLength: 5 })), { maxLength: 8 })
    .map((raw) => {
      const sorted = raw.map(([a, b, text]) => ({ start: Math.min(a, b), end: Math.max(a, b), text })).sort((a, b) => a.start - b.start);
      const edits: Edit[] = [];
      let pos = 0;
      for (const edit of sorted) {
        if (edit.start < pos) continue;
        edits.push(edit);
        pos = Math.max(edit.end, pos);
      }
      return { source, edits };
    })
    .chain(({ source, edits }) => fc.shuffledSubarray(edits, { minLength: edits.length }).map((shuffled) => ({ source, edits, shuffled }))),
);

describe('HTML edits, fuzzed', () => {
  it('splice edits given in any order as if applied from the last to the first', () => {
    fc.assert(
      fc.property(edited, ({ source, shuffled }) => {
        // In offset order; at one offset, insertions in the order given, before a replacement.
        const ordered = shuffled.map((edit, i) => ({ edit, i })).sort((a, b) => a.edit.start - b.edit.start || a.edit.end - b.edit.end || a.i - b.i);
        let expected = source;
        for (const { edit } of ordered.reverse()) expected = expected.slice(0, edit.start) + edit.text + expected.slice(edit.end);
        expect(applyEdits(source, shuffled)).toBe(expected);
      }),
      { numRuns: runs(300) },
    );
  });

  it('throw on edits that overlap', () => {
    fc.assert(
      fc.property(anyText, fc.nat(), fc.nat(), fc.nat(), (source, a, b, c) => {
        fc.pre(source.length > 2);
        const start = a % (source.length - 1);
        const end = Math.min(source.length, start + 2 + (b % 5));
        const inside = start + 1 + (c % (end - start - 1));
        const edits = [{ start, end, text: 'x' }, { start: inside, end: Math.min(source.length, end + 1), text: 'y' }];
        expect(() => applyEdits(source, edits)).toThrow(/Overlapping/);
        expect(() => applyEdits(source, edits.reverse())).toThrow(/Overlapping/);
      }),
      { numRuns: runs(100) },
    );
  });

  it('escape attribute values and foreign text so that they parse back to themselves', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const p = parseFragment(`<p a="${escapeAttribute(value)}">`).childNodes[0] as Tree.Element;
        expect(p.attrs).toEqual([{ name: 'a', value: asParsed(value) }]);
        // parse5 reads a run of NULs in foreign content as one U+FFFD: leave them out of this one.
        const text = value.replace(/\0/g, '');
        const body = (parse(`<svg><style>${escapeText(text)}</style></svg>`).childNodes[0] as Tree.Element).childNodes[1] as Tree.Element;
        const style = (body.childNodes[0] as Tree.Element).childNodes[0] as Tree.Element;
        expect(style.childNodes.map((n) => ('value' in n ? n.value : '')).join('')).toBe(asParsed(text));
        expect(style.childNodes.every((n) => n.nodeName === '#text')).toBe(true);
      }),
      { numRuns: runs(300) },
    );
  });
});
