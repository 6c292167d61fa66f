import { rewriteCss, type CssRef } from './css.js';
import {
  addAttributes,
  applyEdits,
  escapeAttribute,
  escapeText,
  removeAttribute,
  removeElement,
  setAttribute,
  type Edit,
  type Range,
} from './html-edits.js';
import { referenceSlots } from './html-element-refs.js';
import { appendDeclaration, backgroundDeclaration, cssRefKind, rewriteSlot, type HtmlRef, type HtmlRefMap } from './html-slot.js';
import {
  attributeMap,
  childElement,
  forEachElement,
  isHtmlElement,
  parseDocument,
  type Document,
  type Element,
} from './html-tree.js';
import { trimAsciiWhitespace } from './skip-url.js';

export type { HtmlRef, HtmlRefMap } from './html-slot.js';

/** The text of an inline `<script type="module">` or `<script type="importmap">`. */
export interface InlineScript {
  type: 'module' | 'importmap';
  text: string;
}

/**
 * What to do with an inline module or import map: new text replaces the content, `null`
 * removes the element, `undefined` keeps it as it is.
 */
export type InlineScriptMap = (script: InlineScript) => string | null | undefined;

/** What an HTML document refers to. */
export interface HtmlScan {
  /** `href` of the first `<base href>`, as written; the caller resolves refs against it. */
  baseHref: string | undefined;
  /** Every reference in document order, duplicates included. */
  refs: HtmlRef[];
  /** Inline module scripts and import maps, in document order. */
  inlineScripts: InlineScript[];
  /** Directives of `<meta name="robots">` (lower case), e.g. `noindex`, `nofollow`. */
  robots: string[];
}

/** How {@link rewriteHtml} changes a document. */
export interface RewriteHtmlOptions {
  /** Called for each reference {@link findHtmlRefs} reports; a string replaces it, `undefined` leaves it. */
  map: HtmlRefMap;
  /**
   * When set, `<meta charset>` goes first in `<head>`: it must sit in the first 1024 bytes, and
   * whatever else is inserted (an import map) can be long.
   */
  charset?: string;
  /** When set, a `<meta http-equiv="Content-Security-Policy">` with this policy goes next. */
  csp?: string;
  /** Markup inserted at the start of `<head>`, after the CSP (an import map must precede every module). */
  headHtml?: string;
  /** Markup inserted at the start of `<body>` (inlined SVG sprites). */
  bodyHtml?: string;
  /** Rewrites inline module scripts and import maps. */
  inlineScript?: InlineScriptMap;
}

/** `<meta http-equiv>` values whose behaviour would break or leave the saved copy. */
const REMOVED_META = new Set(['content-security-policy', 'refresh']);

interface Pass {
  robots: string[];
  html: string;
  map: HtmlRefMap;
  inlineScript: InlineScriptMap | undefined;
  edits: Edit[];
  baseHref: string | undefined;
}

/**
 * List the references of an HTML document: attributes from the `HTML_SOURCES` table (lazy-loading
 * attributes resolved), `style` attributes and `<style>` text, and `iframe srcdoc` documents.
 * `<noscript>` and `<template>` content is included.
 */
export function findHtmlRefs(html: string): HtmlScan {
  const refs: HtmlRef[] = [];
  const inlineScripts: InlineScript[] = [];
  const record = (ref: HtmlRef) => void refs.push(ref);
  const { pass } = scan(html, record, (script) => void inlineScripts.push(script));
  return { baseHref: pass.baseHref, refs, inlineScripts, robots: pass.robots };
}

/**
 * Rewrite references by splicing into the original text, so every byte not edited stays as it
 * was. Also removes `<base href>` (the caller resolved against it), CSP and refresh `<meta>`s,
 * and `integrity` and `crossorigin` on elements whose reference changed; promotes lazy-loading
 * attributes; and inserts `options.csp` as a `<meta>` at the start of `<head>`.
 */
export function rewriteHtml(html: string, options: RewriteHtmlOptions): string {
  const { pass, doc } = scan(html, options.map, options.inlineScript);
  const charset = options.charset ? `<meta charset="${escapeAttribute(options.charset)}">` : '';
  const csp = options.csp ? `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(options.csp)}">` : '';
  const head = charset + csp + (options.headHtml ?? '');
  if (head) {
    const at = cspInsertionPoint(doc, html);
    pass.edits.push({ start: at, end: at, text: head });
  }
  if (options.bodyHtml) {
    const at = bodyInsertionPoint(doc, html.length);
    pass.edits.push({ start: at, end: at, text: options.bodyHtml });
  }
  return applyEdits(html, pass.edits);
}

/** Without a CSP: an `iframe srcdoc` inherits its parent's policy. */
function rewriteDocument(html: string, map: HtmlRefMap): string {
  return applyEdits(html, scan(html, map).pass.edits);
}

/** Walk the document, calling `map` for each reference and collecting the edits to make. */
function scan(html: string, map: HtmlRefMap, inlineScript?: InlineScriptMap): { pass: Pass; doc: Document } {
  const doc = parseDocument(html);
  const pass: Pass = { robots: [], html, map, inlineScript, edits: [], baseHref: undefined };
  // A formatting element the parser reopens (`<p><a href=x>one<p>two`: the second paragraph gets
  // a copy of the `<a>`) carries its original's location: visit each start tag once, or the
  // copy's edits would clash with the original's.
  const visited = new Set<number>();
  forEachElement(doc, (el) => {
    const at = el.sourceCodeLocation?.startOffset;
    if (at !== undefined && visited.has(at)) return;
    if (at !== undefined) visited.add(at);
    visitElement(el, pass);
  });
  return { pass, doc };
}

function visitElement(el: Element, pass: Pass): void {
  const tag = el.tagName.toLowerCase();
  const attrs = attributeMap(el);
  const loc = el.sourceCodeLocation;
  // An SVG or MathML `<base>` is no base element: it sets no base URL.
  if (tag === 'base' && attrs.has('href') && isHtmlElement(el)) {
    pass.baseHref ??= attrs.get('href');
    if (!attrs.has('target')) {
      removeRange(pass, loc);
      return;
    }
    // A `target` still matters after relinking: then drop only the href, and go on with the
    // rest, which a rewritten copy would otherwise show for the first time.
    const href = loc?.attrs?.href;
    if (href) pass.edits.push(removeAttribute(pass.html, href));
  }
  if (tag === 'meta' && REMOVED_META.has(trimAsciiWhitespace(attrs.get('http-equiv') ?? '').toLowerCase())) {
    removeRange(pass, loc);
    return;
  }
  if (tag === 'meta' && trimAsciiWhitespace(attrs.get('name') ?? '').toLowerCase() === 'robots') {
    pass.robots.push(...(attrs.get('content') ?? '').toLowerCase().split(',').map((d) => d.trim()).filter(Boolean));
  }
  if (tag === 'style') rewriteStyleText(el, pass);
  // A removed element keeps no attributes to rewrite (their edits would fall inside its removal).
  if (tag === 'script' && !attrs.has('src') && isHtmlElement(el) && rewriteInlineScript(el, attrs, pass) === 'removed') return;
  rewriteAttributes(el, tag, attrs, pass);
}

function rewriteInlineScript(el: Element, attrs: ReadonlyMap<string, string>, pass: Pass): 'removed' | undefined {
  const type = trimAsciiWhitespace(attrs.get('type') ?? '').toLowerCase();
  if ((type !== 'module' && type !== 'importmap') || !pass.inlineScript) return;
  const { startTag, endTag } = el.sourceCodeLocation ?? {};
  if (!startTag || !endTag) return;
  // Script content is raw text: the source between the tags is exactly what the browser runs.
  const text = pass.html.slice(startTag.endOffset, endTag.startOffset);
  const next = pass.inlineScript({ type, text });
  if (next === null) {
    pass.edits.push(removeElement(pass.html, { startOffset: startTag.startOffset, endOffset: endTag.endOffset }));
    return 'removed';
  }
  if (next !== undefined && next !== text) pass.edits.push({ start: startTag.endOffset, end: endTag.startOffset, text: next });
}

function removeRange(pass: Pass, range: Range | null | undefined): void {
  if (range) pass.edits.push(removeElement(pass.html, range));
}

function rewriteStyleText(el: Element, pass: Pass): void {
  const map = (ref: CssRef): string | undefined =>
    pass.map({ url: ref.url, kind: cssRefKind(ref), source: 'css', follow: true });
  const { startTag, endTag } = el.sourceCodeLocation ?? {};
  const body = startTag && endTag ? { startOffset: startTag.endOffset, endOffset: endTag.startOffset } : undefined;
  for (const child of el.childNodes) {
    if (!('value' in child) || child.nodeName !== '#text') continue;
    // parse5 locates text nodes; the span between the tags serves if one ever is not.
    const range = child.sourceCodeLocation ?? (el.childNodes.length === 1 ? body : undefined);
    if (isHtmlElement(el) && range) {
      // Raw text: rewrite the source itself, since parse5's value has CRLF normalized.
      const raw = pass.html.slice(range.startOffset, range.endOffset);
      const next = rewriteCss(raw, map);
      if (next !== raw) pass.edits.push({ start: range.startOffset, end: range.endOffset, text: next });
    } else {
      // SVG <style> text may hold entities or CDATA: rewrite the decoded text, then escape it.
      const next = rewriteCss(child.value, map);
      if (next !== child.value && range) pass.edits.push({ start: range.startOffset, end: range.endOffset, text: escapeText(next) });
    }
  }
}

function rewriteAttributes(el: Element, tag: string, attrs: ReadonlyMap<string, string>, pass: Pass): void {
  const updates = new Map<string, string>();
  const backgrounds: string[] = [];
  for (const slot of referenceSlots(tag, attrs)) {
    const next = rewriteSlot(slot, pass.map, rewriteDocument);
    if (next === undefined) continue;
    updates.set(slot.attr, next);
    if (slot.promoteTo === 'background') backgrounds.push(backgroundDeclaration(slot, next));
    else if (slot.promoteTo) updates.set(slot.promoteTo, next);
  }
  if (backgrounds.length > 0) {
    updates.set('style', backgrounds.reduce(appendDeclaration, updates.get('style') ?? attrs.get('style') ?? ''));
  }
  const loc = el.sourceCodeLocation;
  if (updates.size === 0 || !loc?.startTag) return;
  const located = loc.attrs ?? {};
  const added: [string, string][] = [];
  for (const [attr, value] of updates) {
    const range = located[attr];
    if (range && value !== attrs.get(attr)) pass.edits.push(setAttribute(pass.html, range, attr, value));
    // An attribute parse5 merged in from a later tag has no location: leave it.
    else if (!range && !attrs.has(attr)) added.push([attr, value]);
  }
  if (added.length > 0) pass.edits.push(addAttributes(pass.html, loc.startTag, Object.values(located), added));
  // The file changes with its URL, so a Subresource Integrity hash would block it.
  if (located.integrity) pass.edits.push(removeAttribute(pass.html, located.integrity));
  // `crossorigin` makes the browser fetch in CORS mode, which always fails for a file: URL
  // (a page opened from disk has an opaque origin): the stylesheet, script or image would not load.
  if (located.crossorigin) pass.edits.push(removeAttribute(pass.html, located.crossorigin));
}

/** Right after `<body>`; when the body tag is implied, before its first child; else at the end. */
function bodyInsertionPoint(doc: Document, length: number): number {
  const body = childElement(childElement(doc, 'html'), 'body');
  const bodyTag = body?.sourceCodeLocation?.startTag;
  if (bodyTag) return bodyTag.endOffset;
  const first = body?.childNodes.find((n) => n.sourceCodeLocation)?.sourceCodeLocation;
  return first?.startOffset ?? length;
}

/**
 * Right after `<head>`; when the head tag is implied, before its first child, else after
 * `<html>`, else after the doctype (never before it: that would switch to quirks mode), unless
 * the end of input cut the doctype off: then it would take in what follows, and is quirks anyway.
 */
function cspInsertionPoint(doc: Document, html: string): number {
  const htmlEl = childElement(doc, 'html');
  const head = childElement(htmlEl, 'head');
  const headTag = head?.sourceCodeLocation?.startTag;
  if (headTag) return headTag.endOffset;
  const first = head?.childNodes.find((n) => n.sourceCodeLocation)?.sourceCodeLocation;
  if (first) return first.startOffset;
  const htmlTag = htmlEl?.sourceCodeLocation?.startTag;
  if (htmlTag) return htmlTag.endOffset;
  const doctype = doc.childNodes.find((n) => n.nodeName === '#documentType')?.sourceCodeLocation;
  return doctype && html[doctype.endOffset - 1] === '>' ? doctype.endOffset : 0;
}
