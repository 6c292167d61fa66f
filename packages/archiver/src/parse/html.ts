import { cssRefKind, rewriteCss, type CssRef } from './css.js';
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
import { appendDeclaration, backgroundDeclaration, rewriteSlot, type HtmlRef, type HtmlRefMap } from './html-slot.js';
import {
  attributeMap,
  childElement,
  HtmlTooComplexError,
  isHtmlElement,
  parseDocument,
  type DocumentOutline,
  type Element,
} from './html-tree.js';
import { trimAsciiWhitespace } from './skip-url.js';

export type { HtmlRef, HtmlRefMap } from './html-slot.js';
export { HtmlTooComplexError, MAX_OPEN_ELEMENTS } from './html-tree.js';

/**
 * The text of an inline `<script type="module">`, `<script type="importmap">`, or a classic
 * script that may `import()` (SvelteKit starts its app so: its relative address must become an
 * import map key, since from file:// a module loads only as a data: URL).
 */
export interface InlineScript {
  /** `handler`: the code of an event handler attribute (`onclick="…"`) that reads the page's address; never in a scan's list. */
  type: 'module' | 'importmap' | 'classic' | 'handler';
  text: string;
}

/**
 * What to do with an inline module, import map or classic script that imports: new text
 * replaces the content, `null` removes the element, `undefined` keeps it as it is.
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
  /**
   * What {@link findHtmlRefs} returned for this same text: the rewrite then revisits only the
   * elements that held references (when there were not too many) instead of parsing again.
   */
  scan?: HtmlScan;
}

/** `<meta http-equiv>` values whose behaviour would break or leave the saved copy. */
const REMOVED_META = new Set(['content-security-policy', 'refresh']);

interface Pass {
  /** Calls of `map` and `inlineScript` so far: an element whose visit made none needs no second visit. */
  calls: number;
  robots: string[];
  html: string;
  map: HtmlRefMap;
  inlineScript: InlineScriptMap | undefined;
  edits: Edit[];
  baseHref: string | undefined;
  /** Start offset of the element being visited: references are reported in document order. */
  at: number;
}

/**
 * List the references of an HTML document: attributes from the `HTML_SOURCES` table (lazy-loading
 * attributes resolved), `style` attributes and `<style>` text, and `iframe srcdoc` documents.
 * `<noscript>` and `<template>` content is included. Throws {@link HtmlTooComplexError} past
 * `maxRefs` references or {@link MAX_OPEN_ELEMENTS} nested elements, without parsing further.
 */
export function findHtmlRefs(html: string, maxRefs = Infinity): HtmlScan {
  const found: { at: number; ref: HtmlRef }[] = [];
  const inlineScripts: InlineScript[] = [];
  let sorted = true;
  const record = (ref: HtmlRef): undefined => {
    if (found.length >= maxRefs) throw new HtmlTooComplexError(`the page holds more than ${maxRefs} references`);
    const at = pass.at;
    if (at < (found[found.length - 1]?.at ?? -Infinity)) sorted = false;
    found.push({ at, ref });
  };
  const pass = newPass(html, record, (script) => void (script.type !== 'handler' && inlineScripts.push(script)));
  const visits: Visits = { list: [], overflowed: false };
  const outline = scan(pass, visits);
  // `<html>` and `<body>` are visited last (see parseDocument); their references come first.
  if (!sorted) found.sort((a, b) => a.at - b.at);
  const result: HtmlScan = { baseHref: pass.baseHref, refs: found.map((f) => f.ref), inlineScripts, robots: pass.robots };
  if (!visits.overflowed) replays.set(result, { html, visits: visits.list, outline });
  return result;
}

/**
 * A scan made in another thread (see html-scan-pool.ts), as structured clone carries it: the
 * scan and, when it kept them, the elements a rewrite revisits and the outline. Cloned in one
 * message, so the outline's `<head>` and `<body>` keep their identity.
 */
export interface PortableScan {
  scan: HtmlScan;
  replay?: { visits: Visit[]; outline: DocumentOutline };
}

/** {@link findHtmlRefs}, with what a rewrite needs to skip parsing again, for sending to another thread. */
export function findPortableHtmlRefs(html: string, maxRefs = Infinity): PortableScan {
  const scan = findHtmlRefs(html, maxRefs);
  const replay = replays.get(scan);
  return replay ? { scan, replay: { visits: replay.visits, outline: replay.outline } } : { scan };
}

/** The scan of `html` another thread made: a rewrite of `html` with it then does not parse again. */
export function adoptPortableScan(html: string, portable: PortableScan): HtmlScan {
  if (portable.replay) replays.set(portable.scan, { html, ...portable.replay });
  return portable.scan;
}

/** One visit that mattered: the element, and whether it was visited as it opened or closed. */
interface Visit {
  el: Element;
  closed: boolean;
}

/** The visits a rewrite would repeat; dropped as soon as there are too many to keep. */
interface Visits {
  list: Visit[];
  overflowed: boolean;
}

/** How {@link rewriteHtml} redoes a scan's work without parsing: the elements to visit again, and the outline. */
interface Replay {
  html: string;
  visits: Visit[];
  outline: DocumentOutline;
}

// Kept out of HtmlScan so that a scan stays plain data; collected with it.
const replays = new WeakMap<HtmlScan, Replay>();
// Elements kept for a rewrite without a second parse; a page with more (100,000 links) parses again.
const MAX_REVISITED = 10_000;

/**
 * Rewrite references by splicing into the original text, so every byte not edited stays as it
 * was. Also removes `<base href>` (the caller resolved against it), CSP and refresh `<meta>`s,
 * and `integrity` and `crossorigin` on elements whose reference changed; promotes lazy-loading
 * attributes; and inserts `options.csp` as a `<meta>` at the start of `<head>`.
 */
export function rewriteHtml(html: string, options: RewriteHtmlOptions): string {
  const pass = newPass(html, options.map, options.inlineScript);
  const replay = options.scan && replays.get(options.scan);
  let outline: DocumentOutline;
  if (replay?.html === html) {
    for (const { el, closed } of replay.visits) visit(el, closed, pass);
    outline = replay.outline;
  } else {
    outline = scan(pass);
  }
  const charset = options.charset ? `<meta charset="${escapeAttribute(options.charset)}">` : '';
  const csp = options.csp ? `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(options.csp)}">` : '';
  const head = charset + csp + (options.headHtml ?? '');
  if (head) {
    const at = cspInsertionPoint(outline, html);
    pass.edits.push({ start: at, end: at, text: head });
  }
  if (options.bodyHtml) {
    const at = bodyInsertionPoint(outline, html.length);
    pass.edits.push({ start: at, end: at, text: options.bodyHtml });
  }
  return applyEdits(html, pass.edits);
}

/** Without a CSP: an `iframe srcdoc` inherits its parent's policy. */
function rewriteDocument(html: string, map: HtmlRefMap): string {
  const pass = newPass(html, map);
  scan(pass);
  return applyEdits(html, pass.edits);
}

/**
 * Parse the document once, calling `map` for each reference and collecting the edits to make
 * as the parser goes: attributes when an element opens, `<style>` and script text when it closes.
 */
function scan(pass: Pass, visits?: Visits): DocumentOutline {
  const record = (el: Element, closed: boolean): void => {
    const before = pass.calls + pass.edits.length + pass.robots.length;
    visit(el, closed, pass);
    if (!visits || visits.overflowed || pass.calls + pass.edits.length + pass.robots.length === before) return;
    // A detached copy: the element itself still links into the tree the parser is building.
    visits.list.push({ el: { ...el, parentNode: null, childNodes: el.tagName === 'style' ? el.childNodes : [] }, closed });
    if (visits.list.length > MAX_REVISITED) {
      // Let the elements go now, not at the end of a long parse.
      visits.list = [];
      visits.overflowed = true;
    }
  };
  return parseDocument(pass.html, { opened: (el) => record(el, false), closed: (el) => record(el, true) });
}

function visit(el: Element, closed: boolean, pass: Pass): void {
  pass.at = el.sourceCodeLocation?.startOffset ?? -1;
  if (closed) visitClosed(el, pass);
  else visitElement(el, pass);
}

function newPass(html: string, map: HtmlRefMap, inlineScript?: InlineScriptMap): Pass {
  const pass: Pass = {
    calls: 0,
    robots: [],
    html,
    map: (ref) => {
      pass.calls++;
      return map(ref);
    },
    inlineScript: inlineScript && ((script) => {
      pass.calls++;
      return inlineScript(script);
    }),
    edits: [],
    baseHref: undefined,
    at: 0,
  };
  return pass;
}

/** The text of `<style>` and inline scripts, once the element closed. */
function visitClosed(el: Element, pass: Pass): void {
  const tag = el.tagName.toLowerCase();
  if (tag === 'style') rewriteStyleText(el, pass);
  if (tag !== 'script' || !isHtmlElement(el)) return;
  const attrs = attributeMap(el);
  if (!attrs.has('src')) rewriteInlineScript(el, attrs, pass);
}

function visitElement(el: Element, pass: Pass): void {
  const tag = el.tagName.toLowerCase();
  const attrs = attributeMap(el);
  const loc = el.sourceCodeLocation;
  // Only HTML's <base> and <meta> act (and, being void, they are complete when they open).
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
  const meta = tag === 'meta' && isHtmlElement(el);
  if (meta && REMOVED_META.has(trimAsciiWhitespace(attrs.get('http-equiv') ?? '').toLowerCase())) {
    removeRange(pass, loc);
    return;
  }
  if (meta && trimAsciiWhitespace(attrs.get('name') ?? '').toLowerCase() === 'robots') {
    pass.robots.push(...(attrs.get('content') ?? '').toLowerCase().split(',').map((d) => d.trim()).filter(Boolean));
  }
  rewriteAttributes(el, tag, attrs, pass);
  rewriteHandlers(el, attrs, pass);
}

/** The code of event handler attributes that read the page's address, as the caller's inlineScript makes it. */
function rewriteHandlers(el: Element, attrs: ReadonlyMap<string, string>, pass: Pass): void {
  const located = el.sourceCodeLocation?.attrs;
  if (!pass.inlineScript || !located) return;
  for (const [name, text] of attrs) {
    if (!name.startsWith('on') || !READS_ADDRESS.test(text)) continue;
    const next = pass.inlineScript({ type: 'handler', text });
    const range = located[name];
    if (typeof next === 'string' && next !== text && range) pass.edits.push(setAttribute(pass.html, range, name, next));
  }
}

/** Code that may read the page's address (a live copy gives it the address online). */
const READS_ADDRESS = /location|document\s*\.\s*(URL|documentURI)/;

/** The `type` values that make a script classic JavaScript (HTML's JavaScript MIME types, and none). */
const CLASSIC_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'application/ecmascript', 'application/x-ecmascript', 'application/x-javascript',
  'text/ecmascript', 'text/javascript1.0', 'text/javascript1.1', 'text/javascript1.2', 'text/javascript1.3', 'text/javascript1.4', 'text/javascript1.5',
  'text/jscript', 'text/livescript', 'text/x-ecmascript', 'text/x-javascript']);

function rewriteInlineScript(el: Element, attrs: ReadonlyMap<string, string>, pass: Pass): 'removed' | undefined {
  const given = trimAsciiWhitespace(attrs.get('type') ?? '').toLowerCase();
  const type = given === 'module' || given === 'importmap' ? given : CLASSIC_TYPES.has(given) ? 'classic' : undefined;
  if (!type || !pass.inlineScript) return;
  const { startTag, endTag } = el.sourceCodeLocation ?? {};
  if (!startTag || !endTag) return;
  // Script content is raw text: the source between the tags is exactly what the browser runs.
  const text = pass.html.slice(startTag.endOffset, endTag.startOffset);
  // A classic script that imports, or reads the page's address (a live copy gives it the address online).
  if (type === 'classic' && !/\bimport\s*\(/.test(text) && !READS_ADDRESS.test(text)) return;
  const next = pass.inlineScript({ type, text });
  if (next === null) {
    // Removed whole: the edits its start tag got when it opened would fall inside the removal.
    pass.edits = pass.edits.filter((edit) => edit.end <= startTag.startOffset || edit.start >= endTag.endOffset);
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
function bodyInsertionPoint({ document, firstChildren }: DocumentOutline, length: number): number {
  const body = childElement(childElement(document, 'html'), 'body');
  const bodyTag = body?.sourceCodeLocation?.startTag;
  if (bodyTag) return bodyTag.endOffset;
  const first = body && firstChildren.get(body)?.find((n) => n.sourceCodeLocation)?.sourceCodeLocation;
  return first?.startOffset ?? length;
}

/**
 * Right after `<head>`; when the head tag is implied, before its first child, else after
 * `<html>`, else after the doctype (never before it: that would switch to quirks mode), unless
 * the end of input cut the doctype off: then it would take in what follows, and is quirks anyway.
 */
function cspInsertionPoint({ document: doc, firstChildren }: DocumentOutline, html: string): number {
  const htmlEl = childElement(doc, 'html');
  const head = childElement(htmlEl, 'head');
  const headTag = head?.sourceCodeLocation?.startTag;
  if (headTag) return headTag.endOffset;
  const first = head && firstChildren.get(head)?.find((n) => n.sourceCodeLocation)?.sourceCodeLocation;
  if (first) return first.startOffset;
  const htmlTag = htmlEl?.sourceCodeLocation?.startTag;
  if (htmlTag) return htmlTag.endOffset;
  const doctype = doc.childNodes.find((n) => n.nodeName === '#documentType')?.sourceCodeLocation;
  return doctype && html[doctype.endOffset - 1] === '>' ? doctype.endOffset : 0;
}
