import { cssString, isSafeUnquotedUrl } from './css-escape.js';
import { scanCss, type CssSpan } from './css-scan.js';
import { isSkippedUrl, trimAsciiWhitespace } from './skip-url.js';

/** A reference in CSS text: `@import` targets, or anything else loaded through `url()`/`image-set()`. */
export interface CssRef {
  /** Escapes decoded and whitespace trimmed; still relative to the stylesheet's URL. */
  url: string;
  kind: 'import' | 'url';
  /** A URL the copy writes as a data: URL: in a mask (loaded in CORS mode) or a custom property (resolved where it is used). */
  inline?: true;
}

/** Stylesheet imports are stylesheets; anything else in CSS is most likely an image (a mask's or a custom property's: CssRef.inline). */
export function cssRefKind(ref: CssRef): 'stylesheet' | 'image' | 'mask' {
  return ref.kind === 'import' ? 'stylesheet' : ref.inline ? 'mask' : 'image';
}

interface LocatedRef {
  span: CssSpan;
  ref: CssRef;
}

function locateRefs(css: string): LocatedRef[] {
  const out: LocatedRef[] = [];
  for (const span of scanCss(css)) {
    const url = trimAsciiWhitespace(span.value);
    if (!isSkippedUrl(url)) out.push({ span, ref: span.inline ? { url, kind: span.kind, inline: true } : { url, kind: span.kind } });
  }
  return out;
}

/**
 * List the references in a stylesheet, `<style>` text or `style` attribute value, in source
 * order (duplicates included). Skips empty, `data:`, `about:`, `javascript:` and `#fragment` refs.
 */
export function findCssRefs(css: string): CssRef[] {
  return locateRefs(css).map(({ ref }) => ref);
}

/** Write `url` in the place of `span`, keeping its quoting style unless the new text needs quotes. */
function replacementFor(span: CssSpan, url: string): string {
  if (span.quote !== '') return cssString(url, span.quote);
  return isSafeUnquotedUrl(url) ? url : cssString(url, '"');
}

/**
 * Replace references in CSS text. `map` gets each reference found by {@link findCssRefs};
 * `undefined` leaves it byte-identical. Only the reference itself is rewritten (the string
 * token, or the value inside an unquoted `url(...)`); every other byte is kept.
 */
export function rewriteCss(css: string, map: (ref: CssRef) => string | undefined): string {
  // Joined a few thousand parts at a time (see applyEdits): a 20 MB stylesheet holds 400,000 url()s.
  const chunks: string[] = [];
  let parts: string[] = [];
  let pos = 0;
  for (const { span, ref } of locateRefs(css)) {
    const next = map(ref);
    if (next === undefined) continue;
    parts.push(css.slice(pos, span.start), replacementFor(span, next));
    if (parts.length >= 8192) {
      chunks.push(parts.join(''));
      parts = [];
    }
    pos = span.end;
  }
  parts.push(css.slice(pos));
  chunks.push(parts.join(''));
  return chunks.join('');
}

/** `@charset "` as bytes: CSS Syntax only honours this exact, case-sensitive form. */
const CHARSET_PREFIX = [0x40, 0x63, 0x68, 0x61, 0x72, 0x73, 0x65, 0x74, 0x20, 0x22];

/**
 * The encoding named by a leading `@charset "name";` (CSS Syntax "determine the fallback
 * encoding"), as a WHATWG encoding name, or `undefined` when absent or unknown. UTF-16 labels
 * give `utf-8`, as the spec says. A byte order mark takes precedence; checking it is the caller's job.
 */
export function cssCharset(bytes: Uint8Array): string | undefined {
  if (!CHARSET_PREFIX.every((b, i) => bytes[i] === b)) return undefined;
  const limit = Math.min(bytes.length, 1024);
  let end = CHARSET_PREFIX.length;
  while (end < limit && bytes[end] !== 0x22) end++;
  if (end + 1 >= limit || bytes[end + 1] !== 0x3b) return undefined;
  const label = String.fromCharCode(...bytes.subarray(CHARSET_PREFIX.length, end));
  try {
    const encoding = new TextDecoder(label).encoding;
    return encoding === 'utf-16le' || encoding === 'utf-16be' ? 'utf-8' : encoding;
  } catch {
    return undefined;
  }
}
