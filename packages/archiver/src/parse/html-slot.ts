import { cssString, isSafeUnquotedUrl } from './css-escape.js';
import { cssRefKind, rewriteCss } from './css.js';
import type { RefSlot } from './html-element-refs.js';
import type { RefKind } from './html-sources.js';
import { isSkippedUrl, trimAsciiWhitespace, trimAsciiWhitespaceEnd } from './skip-url.js';
import { rewriteSrcset } from './srcset.js';

/** A reference found in HTML. */
export interface HtmlRef {
  /** As written (entity- and CSS-escape-decoded, trimmed); resolve it against the document's base. */
  url: string;
  kind: RefKind;
  /** Where it sits: a URL attribute, a srcset, CSS (`style` attribute or `<style>`), or an `iframe srcdoc` document. */
  source: 'attr' | 'srcset' | 'css' | 'srcdoc';
  /** `false` for navigation links (`a`, `area`) that a single-page capture does not fetch. */
  follow: boolean;
}

/** Called once per reference, in document order; a string replaces it, `undefined` leaves it. */
export type HtmlRefMap = (ref: HtmlRef) => string | undefined;

/** Rewrites a whole HTML document; `html.ts` passes itself in so that `srcdoc` can recurse. */
export type DocumentRewriter = (html: string, map: HtmlRefMap) => string;


/** Wrap a map so the caller learns whether it replaced anything. */
export function tracked(map: HtmlRefMap): { map: HtmlRefMap; hit: () => boolean } {
  let hit = false;
  return {
    map: (ref) => {
      const next = map(ref);
      if (next !== undefined) hit = true;
      return next;
    },
    hit: () => hit,
  };
}

/**
 * Pass every reference of a slot through `map`; returns the slot's new value, or `undefined`
 * when `map` replaced nothing.
 */
export function rewriteSlot(slot: RefSlot, outerMap: HtmlRefMap, rewriteDocument: DocumentRewriter): string | undefined {
  const { map, hit } = tracked(outerMap);
  const follow = slot.source.follow !== false;
  const mapUrl = (raw: string, source: 'attr' | 'srcset'): string | undefined => {
    const url = trimAsciiWhitespace(raw);
    return isSkippedUrl(url) ? undefined : map({ url, kind: slot.kind, source, follow });
  };
  let value: string;
  switch (slot.format) {
    case 'url':
      return mapUrl(slot.value, 'attr');
    case 'srcset':
      value = rewriteSrcset(slot.value, (url) => mapUrl(url, 'srcset'));
      break;
    case 'css':
      value = rewriteCss(slot.value, (ref) => map({ url: ref.url, kind: cssRefKind(ref), source: 'css', follow }));
      break;
    case 'html':
      value = rewriteDocument(slot.value, (ref) => map({ ...ref, source: 'srcdoc' }));
      break;
  }
  return hit() ? value : undefined;
}

/** The CSS a promoted `data-bg` adds to the element's `style`. */
export function backgroundDeclaration(slot: RefSlot, value: string): string {
  if (slot.format === 'css') return `background-image:${trimAsciiWhitespace(value)}`;
  // Single quotes when needed: the value lands in a double-quoted attribute.
  return `background-image:url(${isSafeUnquotedUrl(value) ? value : cssString(value, "'")})`;
}

/** Append a declaration to a `style` value, adding `;` where needed. */
export function appendDeclaration(style: string, declaration: string): string {
  const kept = trimAsciiWhitespaceEnd(style);
  return kept === '' || kept.endsWith(';') ? kept + declaration : `${kept};${declaration}`;
}
