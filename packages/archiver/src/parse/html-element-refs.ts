import { HTML_SOURCES, PLACEHOLDER_MARKERS, type AttrTest, type HtmlSource, type RefKind } from './html-sources.js';
import { isSkippedUrl, trimAsciiWhitespace } from './skip-url.js';
import { parseSrcset } from './srcset.js';

/** An attribute of one element that holds references, as the table and lazy-loading rules decide. */
export interface RefSlot {
  /** Lower-case qualified attribute name, the key of parse5's attribute locations. */
  attr: string;
  value: string;
  source: HtmlSource;
  format: 'url' | 'srcset' | 'css' | 'html';
  kind: RefKind;
  /** Where a lazy attribute's rewritten value also goes: the real attribute, or a CSS background. */
  promoteTo?: 'src' | 'srcset' | 'background';
}

const byTag = new Map<string, HtmlSource[]>();
for (const row of HTML_SOURCES) {
  const tag = row.tag.toLowerCase();
  byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
}
const anyTagRows = byTag.get('*') ?? [];
/** Each tag's own rows, then the `*` rows: the order in which rows are tried. */
const rowsByTag = new Map([...byTag].map(([tag, rows]) => [tag, [...rows, ...anyTagRows]]));

function passes(test: AttrTest, attrs: ReadonlyMap<string, string>): boolean {
  const value = attrs.get(test.attr)?.toLowerCase();
  if ('isNot' in test) return value === undefined || trimAsciiWhitespace(value) !== test.isNot;
  if (value === undefined) return false;
  if ('hasToken' in test) return value.split(/[\t\n\f\r ]+/).includes(test.hasToken);
  return trimAsciiWhitespace(value) === test.is;
}

/** The first table row for this element and attribute, whether or not the attribute is present. */
function sourceFor(tag: string, attr: string, attrs: ReadonlyMap<string, string>): HtmlSource | undefined {
  const rows = rowsByTag.get(tag) ?? anyTagRows;
  return rows.find((r) => r.attr.toLowerCase() === attr && (r.when ?? []).every((t) => passes(t, attrs)));
}

function isPlaceholderUrl(url: string): boolean {
  const lower = trimAsciiWhitespace(url).toLowerCase();
  return isSkippedUrl(lower) || PLACEHOLDER_MARKERS.some((marker) => lower.includes(marker));
}

/** True when the real attribute is missing or only holds a stand-in image. */
function isPlaceholder(value: string | undefined, attr: 'src' | 'srcset'): boolean {
  if (value === undefined) return true;
  return attr === 'src' ? isPlaceholderUrl(value) : parseSrcset(value).every((c) => isPlaceholderUrl(c.url));
}

function hasReference(slot: RefSlot): boolean {
  if (slot.format === 'srcset') return parseSrcset(slot.value).some((c) => !isSkippedUrl(c.url));
  return !isSkippedUrl(trimAsciiWhitespace(slot.value));
}

function toSlot(tag: string, attr: string, value: string, source: HtmlSource, attrs: ReadonlyMap<string, string>): RefSlot {
  const real = source.lazyFor === 'src' || source.lazyFor === 'srcset' ? sourceFor(tag, source.lazyFor, attrs) : undefined;
  // Some lazy loaders take `data-bg="url(a.jpg)"` rather than a bare URL.
  const cssValue = source.lazyFor === 'background' && /^[\t\n\f\r ]*url\(/i.test(value);
  const format = cssValue ? 'css' : (source.format ?? 'url');
  return { attr, value, source, format, kind: real?.kind ?? source.kind };
}

/**
 * Elements whose lazy-looking attributes are no lazy loader's: Nuxt's payload is a JSON
 * `<script data-src>` its code fetch()es, consent managers keep a held script's address there.
 */
const NEVER_LAZY = new Set(['script', 'style', 'link', 'meta', 'template']);

/**
 * The reference-holding attributes of an element, in attribute order. A lazy attribute
 * (`data-src`, `data-srcset`) whose real attribute is missing or a placeholder replaces it and
 * is marked for promotion; `data-bg`/`data-background` are promoted to a CSS background.
 */
export function referenceSlots(tagName: string, attrs: ReadonlyMap<string, string>): RefSlot[] {
  const tag = tagName.toLowerCase();
  let slots: RefSlot[] = [];
  for (const [attr, value] of attrs) {
    const source = sourceFor(tag, attr, attrs);
    if (source && !(source.lazyFor && NEVER_LAZY.has(tag))) slots.push(toSlot(tag, attr, value, source, attrs));
  }
  for (const real of ['src', 'srcset'] as const) {
    const candidates = slots.filter((s) => s.source.lazyFor === real && hasReference(s));
    // Table order decides between lazy attributes, not the order they are written in.
    const lazy = candidates.sort((a, b) => HTML_SOURCES.indexOf(a.source) - HTML_SOURCES.indexOf(b.source))[0];
    // `<div data-src>` has no real attribute to fill; its lazy value is still a reference.
    if (!lazy || !sourceFor(tag, real, attrs) || !isPlaceholder(attrs.get(real), real)) continue;
    lazy.promoteTo = real;
    slots = slots.filter((s) => s.attr !== real);
  }
  for (const slot of slots) if (slot.source.lazyFor === 'background') slot.promoteTo = 'background';
  return slots;
}
