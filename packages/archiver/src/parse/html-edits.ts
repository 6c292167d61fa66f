/** Replace `[start, end)` of the original string with `text` (a zero-width range inserts). */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The offsets parse5 reports for a tag or an attribute. */
export interface Range {
  startOffset: number;
  endOffset: number;
}

/**
 * Splice edits into `source`, leaving every other byte as it was. Edits at the same offset keep
 * their order, and an insertion sorts before a replacement starting where it sits.
 * Overlapping edits mean a bug in the caller, so they throw instead of corrupting output.
 */
export function applyEdits(source: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  // Joined a few thousand parts at a time: `out +=` over a million edits builds a rope of
  // millions of nodes (tens of bytes each) that lives until the result is first read.
  const chunks: string[] = [];
  let parts: string[] = [];
  let pos = 0;
  for (const edit of sorted) {
    if (edit.start < pos || edit.end < edit.start) {
      throw new Error(`Overlapping HTML edits: [${edit.start}, ${edit.end}) starts before offset ${pos}`);
    }
    parts.push(source.slice(pos, edit.start), edit.text);
    if (parts.length >= 8192) {
      chunks.push(parts.join(''));
      parts = [];
    }
    pos = edit.end;
  }
  parts.push(source.slice(pos));
  chunks.push(parts.join(''));
  return chunks.join('');
}

/** Escape for a double-quoted attribute value. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** Escape for element text in foreign (SVG) content, where entities are decoded. */
export function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/**
 * Remove an element. Right after a `<` (text: `<<` is one), an empty comment takes its place,
 * or that `<` and what follows would join into markup: `a<<base href=x>script>` into a script.
 */
export function removeElement(source: string, element: Range): Edit {
  return { start: element.startOffset, end: element.endOffset, text: source[element.startOffset - 1] === '<' ? '<!---->' : '' };
}

const EQUALS = /[\t\n\f\r ]*=/y;

/**
 * Where an attribute ends. When its value is left out (`alt=>`, `alt = >`), parse5's range stops
 * after the name, but the `=` still belongs to the attribute: an edit must take it along.
 */
function attributeEnd(source: string, attr: Range): number {
  if (source.slice(attr.startOffset, attr.endOffset).includes('=')) return attr.endOffset;
  EQUALS.lastIndex = attr.endOffset;
  return EQUALS.test(source) ? EQUALS.lastIndex : attr.endOffset;
}

/** Rewrite a whole attribute as `name="value"`, keeping the name as written (case included). */
export function setAttribute(source: string, attr: Range, fallbackName: string, value: string): Edit {
  const name = /^[^\t\n\f\r />=]+/.exec(source.slice(attr.startOffset, attr.endOffset))?.[0] ?? fallbackName;
  return { start: attr.startOffset, end: attributeEnd(source, attr), text: `${name}="${escapeAttribute(value)}"` };
}

/**
 * Remove an attribute with the whitespace before it, when whitespace or `>` follows. Before
 * anything else the whitespace stays, to keep the neighbours apart: a `/` would join an unquoted
 * value (`a=b crossorigin/>`), and an attribute written without a space (`crossorigin=""src=x`)
 * would join the tag name or the attribute before. Before an `=` (an attribute named `=x`, a
 * parse error), a valueless attribute before would take it as its value: a `/` stays instead.
 */
export function removeAttribute(source: string, attr: Range): Edit {
  const end = attributeEnd(source, attr);
  EQUALS.lastIndex = end;
  if (EQUALS.test(source)) return { start: attr.startOffset, end, text: '/' };
  let start = attr.startOffset;
  if (/[\t\n\f\r >]/.test(source[end] ?? '')) while (start > 0 && /[\t\n\f\r ]/.test(source[start - 1] ?? '')) start--;
  return { start, end, text: '' };
}

const TAG_NAME = /<[^\t\n\f\r />]*/y;

/**
 * Add attributes at the end of a start tag: before `/>` when the slash is self-closing syntax,
 * but after it when it belongs to an unquoted value (`src=a/>`). After an `=` whose value is left
 * out (`alt=>`), a space would not end that attribute, which would take ours as its value: there
 * they go right after the tag name.
 */
export function addAttributes(source: string, startTag: Range, attrs: readonly Range[], added: [string, string][]): Edit {
  let at = startTag.endOffset - 1;
  const strayBefore = (c: string) => source[at - 1] === c && !attrs.some((a) => a.endOffset >= at);
  if (strayBefore('/')) at--;
  // Keep any space before `>` or `/>` after the new attributes (no unquoted value holds whitespace).
  while (/[\t\n\f\r ]/.test(source[at - 1] ?? '')) at--;
  if (strayBefore('=')) {
    TAG_NAME.lastIndex = startTag.startOffset;
    at = TAG_NAME.test(source) ? TAG_NAME.lastIndex : at;
  }
  const text = added.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
  return { start: at, end: at, text };
}
