import { isUtf8 } from 'node:buffer';
import type { FetchedResource } from '../fetch/fetcher.js';

/** Canonical WHATWG encoding name for a label, or undefined when the label is unknown. */
export function canonicalEncoding(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

// `[^<>]` rather than `[^>]`: searched over a whole hostile page, a search from every `<meta`
// stops at the next tag instead of running to the end of the text.
const META_CHARSET = /<meta\b[^<>]*?charset\s*=\s*["']?\s*([^\s"';>/]+)/i;
const META_TAG = /<meta\b[^<>]*>?/gi;
const META_CHARSET_IN_TAG = new RegExp(`^${META_CHARSET.source}`, 'i');

/**
 * The encoding of an HTML document, in the WHATWG order: byte order mark, then the
 * Content-Type charset, then a `<meta>` in the first 1024 bytes, then a guess.
 */
export function sniffHtmlEncoding(bytes: Uint8Array, headerCharset: string | undefined): string {
  const fromBom = bomEncoding(bytes);
  if (fromBom) return fromBom;
  const fromHeader = canonicalEncoding(headerCharset);
  if (fromHeader) return fromHeader;
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const fromMeta = canonicalEncoding(META_CHARSET.exec(head)?.[1]);
  // A document cannot declare UTF-16 from inside itself (WHATWG: treat as UTF-8).
  if (fromMeta) return fromMeta.startsWith('utf-16') ? 'utf-8' : fromMeta;
  // isUtf8 checks without decoding: the text of a 50 MB page is not built twice.
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

/** CSS: BOM, then Content-Type charset, then `@charset`, then the referring document's. */
export function sniffCssEncoding(bytes: Uint8Array, headerCharset: string | undefined, fallback = 'utf-8'): string {
  const fromBom = bomEncoding(bytes);
  if (fromBom) return fromBom;
  const fromHeader = canonicalEncoding(headerCharset);
  if (fromHeader) return fromHeader;
  const start = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const declared = /^@charset "([^"]+)";/.exec(start)?.[1];
  const fromRule = canonicalEncoding(declared);
  if (fromRule) return fromRule.startsWith('utf-16') ? 'utf-8' : fromRule;
  return canonicalEncoding(fallback) ?? 'utf-8';
}

/** A classic script: BOM, then Content-Type charset, then the referring document's (a module is always UTF-8). */
export function sniffScriptEncoding(bytes: Uint8Array, headerCharset: string | undefined, fallback = 'utf-8'): string {
  return bomEncoding(bytes) ?? canonicalEncoding(headerCharset) ?? canonicalEncoding(fallback) ?? 'utf-8';
}

export function decodeText(bytes: Uint8Array, encoding: string): string {
  // TextDecoder drops a BOM that matches the encoding, as browsers do.
  return new TextDecoder(encoding).decode(bytes);
}

/**
 * Saved documents are written as UTF-8 (the only encoding we can write without a
 * transcoding library) and get a `<meta charset="utf-8">` first in `<head>`; declarations of
 * the original encoding are changed too, so no reader of the file is misled.
 */
export function declareUtf8Html(html: string): string {
  // Tag by tag: META_CHARSET run over the whole text retries at every `<meta` left unclosed, each
  // time to the end of the text: quadratic.
  return html.replace(META_TAG, (tag) =>
    tag.replace(META_CHARSET_IN_TAG, (match: string, label: string) => match.slice(0, match.length - label.length) + 'utf-8'),
  );
}

export function declareUtf8Css(css: string): string {
  return css.replace(/^@charset "[^"]*";/, '@charset "utf-8";');
}

/** A page's text and the encoding it was decoded from. */
export interface DecodedDocument {
  html: string;
  encoding: string;
}

export function decodeDocument(resource: FetchedResource): DecodedDocument {
  const encoding = sniffHtmlEncoding(resource.body, resource.charset);
  return { html: decodeText(resource.body, encoding), encoding };
}
