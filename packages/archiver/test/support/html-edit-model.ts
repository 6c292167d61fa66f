import { defaultTreeAdapter, html as P5, parse, type DefaultTreeAdapterTypes as Tree } from 'parse5';
import { HTML_SOURCES } from '../../src/parse/html-sources.js';
import { trimAsciiWhitespace } from '../../src/parse/skip-url.js';

/**
 * An independent model of which bytes `rewriteHtml` may change, for the fuzz tests. It knows
 * nothing of how references are found; it only knows where they can sit: the attributes the
 * `HTML_SOURCES` table names for a tag (whatever their conditions), `<style>` text, inline
 * module scripts. Plus the deliberate exceptions, spelled out here once more:
 * - `<base href>` is removed, or only its `href` when it has a `target`;
 * - `<meta http-equiv>` Content-Security-Policy and refresh are removed;
 * - `integrity` and `crossorigin` go from elements whose references were rewritten (the file
 *   behind the reference may have changed, even where the reference itself could not be written);
 * - an attribute a lazy loader stands in for (`src`, `srcset`, `style`) may be added;
 * - an inline import map mapped to `null` is removed.
 * A removed element right after a literal `<` leaves an empty comment, so that the `<` and
 * what follows the element cannot join into a tag.
 */

export type Document = Tree.Document;
export type Element = Tree.Element;
type Location = { startOffset: number; endOffset: number };

/** A span of the source: `value` spans may change freely, `gone` spans become `text`. */
interface Span {
  start: number;
  end: number;
  kind: 'value' | 'gone';
  text?: string;
}

/** Offsets where parse5 dropped a repeated attribute, by parsed document. */
const repeats = new WeakMap<Document, number[]>();
/** Every element the parser created, by parsed document, whether or not it stayed in the tree. */
const created = new WeakMap<Document, Element[]>();

export function parseLocated(html: string): Document {
  const dropped: number[] = [];
  const elements: Element[] = [];
  const treeAdapter = {
    ...defaultTreeAdapter,
    createElement(...args: Parameters<typeof defaultTreeAdapter.createElement>): Element {
      const el = defaultTreeAdapter.createElement(...args);
      elements.push(el);
      return el;
    },
  };
  const doc = parse(html, {
    sourceCodeLocationInfo: true,
    scriptingEnabled: false,
    treeAdapter,
    onParseError: (e) => void (e.code === 'duplicate-attribute' && dropped.push(e.startOffset)),
  });
  repeats.set(doc, dropped);
  created.set(doc, elements);
  return doc;
}

/**
 * True when the parser created an element and then dropped it from the tree: a `<frameset>`
 * that replaces a `<body>` takes the body's elements with it. The streaming rewrite has already
 * visited them and rewrites their references, which browsers drop as well: a known limitation
 * the model leaves out, since the tree it compares with has no trace of them.
 */
export function dropsElements(doc: Document): boolean {
  const kept = new Set(elementsOf(doc));
  return (created.get(doc) ?? []).some((el) => !kept.has(el) && !!el.sourceCodeLocation);
}

/**
 * True when the element's start tag repeats an attribute. parse5 drops the repeat without a
 * location, so when the rewrite removes the first `integrity`, `crossorigin` or `<base href>`,
 * the repeat takes its place: a known limitation, rare enough to leave.
 */
export function repeatsAttribute(doc: Document, el: Element): boolean {
  const tag = el.sourceCodeLocation?.startTag;
  return !!tag && (repeats.get(doc) ?? []).some((at) => at > tag.startOffset && at < tag.endOffset);
}

/**
 * Elements in tree order, `<template>` content before the template's (always empty) child list;
 * each start tag once (a formatting element the parser reopens carries its original's location).
 */
export function elementsOf(root: Tree.ParentNode): Element[] {
  const out: Element[] = [];
  const seen = new Set<number>();
  const pending: Tree.ChildNode[] = [...root.childNodes].reverse();
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (!('tagName' in node)) continue;
    const at = node.sourceCodeLocation?.startOffset;
    if (at === undefined || !seen.has(at)) out.push(node);
    if (at !== undefined) seen.add(at);
    const content = node.tagName === 'template' && 'content' in node ? (node as Tree.Template).content.childNodes : [];
    for (const children of [content, node.childNodes]) for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
  }
  return out;
}

export function attrsOf(el: Element): Map<string, string> {
  return new Map(el.attrs.map((a) => [(a.prefix ? `${a.prefix}:${a.name}` : a.name).toLowerCase(), a.value]));
}

const refNames = new Map<string, Set<string>>();
/** Attribute names the table lists for a tag or for every tag. */
export function referenceAttributes(tagName: string): Set<string> {
  const tag = tagName.toLowerCase();
  let names = refNames.get(tag);
  if (!names) {
    names = new Set(HTML_SOURCES.filter((r) => r.tag === '*' || r.tag.toLowerCase() === tag).map((r) => r.attr.toLowerCase()));
    refNames.set(tag, names);
  }
  return names;
}

const trimmedLower = (value: string | undefined) => trimAsciiWhitespace(value ?? '').toLowerCase();

export interface Options {
  /** Whether the rewrite was asked to remove inline import maps. */
  removeImportMaps: boolean;
  /** Whether the rewrite was asked to replace inline module scripts. */
  rewriteModules: boolean;
}

/** What the rewrite removes whole. */
export function isRemoved(el: Element, options: Options): boolean {
  const tag = el.tagName;
  const attrs = attrsOf(el);
  const html = el.namespaceURI === P5.NS.HTML;
  if (tag === 'base' && html) return attrs.has('href') && !attrs.has('target');
  if (tag === 'meta') return ['content-security-policy', 'refresh'].includes(trimmedLower(attrs.get('http-equiv')));
  const { startTag, endTag } = el.sourceCodeLocation ?? {};
  return options.removeImportMaps && isInlineScript(el, 'importmap') && !!startTag && !!endTag;
}

function isInlineScript(el: Element, type: string): boolean {
  const attrs = attrsOf(el);
  return el.tagName === 'script' && el.namespaceURI === P5.NS.HTML && !attrs.has('src') && trimmedLower(attrs.get('type')) === type;
}

/** The end of `ws* =` at `at`, or -1. */
function equalsAt(source: string, at: number): number {
  const equals = /[\t\n\f\r ]*=/y;
  equals.lastIndex = at;
  return equals.test(source) ? equals.lastIndex : -1;
}

/** An attribute's bytes: parse5 leaves out the `=` of a value left out (`alt=>`, `alt = >`). */
function attributeSpan(source: string, attr: Location): { start: number; end: number } {
  const bare = !source.slice(attr.startOffset, attr.endOffset).includes('=');
  return { start: attr.startOffset, end: bare ? Math.max(attr.endOffset, equalsAt(source, attr.endOffset)) : attr.endOffset };
}

/**
 * An attribute removed with the whitespace before it, when whitespace or `>` follows: else the
 * space keeps its neighbours apart (`a=b crossorigin/>`, `<x crossorigin=""src=y>`).
 */
function removedAttribute(source: string, attr: Location): Span {
  const whole = attributeSpan(source, attr);
  const end = whole.end;
  let start = whole.start;
  // Before an attribute named `=x`, a `/` keeps a valueless attribute before from taking it as its value.
  if (equalsAt(source, end) >= 0) return { start, end, kind: 'gone', text: '/' };
  if (/[\t\n\f\r >]/.test(source[end] ?? '')) while (start > 0 && /[\t\n\f\r ]/.test(source[start - 1]!)) start--;
  return { start, end, kind: 'gone' };
}

/** `<style>` text and inline module content: spans that may change freely. */
function contentSpans(el: Element, options: Options): Span[] {
  const loc = el.sourceCodeLocation;
  if (el.tagName === 'style') {
    return el.childNodes.flatMap((c) => (c.nodeName === '#text' && c.sourceCodeLocation ? [{ ...span(c.sourceCodeLocation), kind: 'value' as const }] : []));
  }
  if (options.rewriteModules && isInlineScript(el, 'module') && loc?.startTag && loc.endTag) {
    return [{ start: loc.startTag.endOffset, end: loc.endTag.startOffset, kind: 'value' }];
  }
  return [];
}

const span = (loc: Location) => ({ start: loc.startOffset, end: loc.endOffset });

/** True when `after` (the rewritten element) changed or gained a reference attribute. */
export function referencesChanged(before: Element, after: Element): boolean {
  const [a, b] = [attrsOf(before), attrsOf(after)];
  return [...referenceAttributes(before.tagName)].some((name) => b.has(name) && b.get(name) !== a.get(name));
}

/** Spans of the original document, given the elements whose references were rewritten. */
export function sourceSpans(source: string, elements: readonly Element[], rewritten: ReadonlySet<Element>, options: Options): Span[] {
  const spans: Span[] = [];
  for (const el of elements) {
    const loc = el.sourceCodeLocation;
    if (!loc) continue;
    if (isRemoved(el, options)) {
      spans.push({ ...span(loc), kind: 'gone', text: source[loc.startOffset - 1] === '<' ? '<!---->' : '' });
      continue;
    }
    const located = loc.attrs ?? {};
    const refs = referenceAttributes(el.tagName);
    const changed = rewritten.has(el);
    for (const [name, attr] of Object.entries(located)) {
      if (refs.has(name)) spans.push({ ...attributeSpan(source, attr), kind: 'value' });
      else if ((name === 'integrity' || name === 'crossorigin') && changed) spans.push(removedAttribute(source, attr));
      else if (name === 'href' && el.tagName === 'base' && el.namespaceURI === P5.NS.HTML) spans.push(removedAttribute(source, attr));
    }
    spans.push(...contentSpans(el, options));
  }
  return spans;
}

/**
 * True when a rewritten `<html>` or `<head>` has a start tag its original did not: the original's
 * was implied, and the parser merged (`<html>`) or ignored (`<head>`) a later tag, which the
 * removal of an element before it made the first. The rewrite left that tag as written.
 */
export function gainedStartTag(original: Element, rewritten: Element): boolean {
  return !original.sourceCodeLocation?.startTag && !!rewritten.sourceCodeLocation?.startTag;
}

/**
 * Spans of the rewritten document, given each element's original: attributes added by
 * lazy-loading promotion go with the space before them.
 */
export function rewrittenSpans(output: string, elements: readonly Element[], originals: Map<Element, Element>, options: Options): Span[] {
  const spans: Span[] = [];
  for (const el of elements) {
    const original = originals.get(el);
    const located = original && gainedStartTag(original, el) ? {} : (el.sourceCodeLocation?.attrs ?? {});
    const before = original?.sourceCodeLocation?.attrs ?? {};
    const refs = referenceAttributes(el.tagName);
    for (const [name, attr] of Object.entries(located)) {
      if (!refs.has(name)) continue;
      if (name in before) spans.push({ ...attributeSpan(output, attr), kind: 'value' });
      else spans.push({ start: attr.startOffset - 1, end: attr.endOffset, kind: 'gone' });
    }
    spans.push(...contentSpans(el, options));
  }
  return spans;
}

/**
 * The text left when spans are taken out: `value` spans cut it into pieces, `gone` spans are
 * replaced by their text. Two documents that differ only inside their spans give equal pieces.
 */
export function pieces(text: string, spans: readonly Span[]): string[] {
  const out = [''];
  let pos = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start || a.end - b.end)) {
    if (s.start < pos) throw new Error(`model spans overlap at ${s.start}`);
    out[out.length - 1] += text.slice(pos, s.start);
    if (s.kind === 'value') out.push('');
    else out[out.length - 1] += s.text ?? '';
    pos = s.end;
  }
  out[out.length - 1] += text.slice(pos);
  return out;
}

/** Attributes that hold no references: the rewrite leaves them, except the deliberate removals. */
export function otherAttributes(el: Element): Map<string, string> {
  const refs = referenceAttributes(el.tagName);
  return new Map([...attrsOf(el)].filter(([name]) => !refs.has(name)));
}

/**
 * What the rewrite leaves of the attributes that hold no references, given whether the element's
 * references were rewritten. A known limitation: when the start tag repeats an attribute, parse5
 * drops the repeat without a location, and it surfaces where the first was removed.
 */
export function expectedOtherAttributes(doc: Document, el: Element, rewritten: Element, changed: boolean): Map<string, string> {
  const expected = otherAttributes(el);
  const located = el.sourceCodeLocation?.attrs ?? {};
  const removed = changed ? ['integrity', 'crossorigin'] : [];
  if (el.tagName === 'base' && el.namespaceURI === P5.NS.HTML) removed.push('href');
  const surfaced = attrsOf(rewritten);
  for (const name of removed) {
    if (!(name in located)) continue;
    expected.delete(name);
    if (repeatsAttribute(doc, el) && surfaced.has(name)) expected.set(name, surfaced.get(name)!);
  }
  return expected;
}

/**
 * A known limitation: attributes added to an element go before a closing `/>`, unless the `/`
 * ends an attribute's unquoted value, but a repeated attribute parse5 dropped has no location
 * to tell. In SVG or MathML the element then closes itself, and the structure changes.
 */
export function slashInDoubt(source: string, doc: Document, el: Element): boolean {
  const end = el.sourceCodeLocation?.startTag?.endOffset ?? 0;
  return el.namespaceURI !== P5.NS.HTML && source.slice(end - 2, end) === '/>' && repeatsAttribute(doc, el);
}
