import type { LoadedPage } from '../load/page-loader.js';
import { INERT_TYPE } from '../load/needs-render.js';
import { DATA_EXTENSION, dataFileArguments, FRAGMENT_ADDRESS_ATTRIBUTE } from '../load/script-signals.js';
import { ACCEPT } from '../fetch/accept.js';
import type { CaptureContext } from './context.js';
import { replayResponse, type ReplayData } from './replay-shim.js';

// What a page loads when someone clicks or submits: the HTML an element's `hx-get` names (htmx:
// a tab's content, a row's details), the document a Turbo frame's link loads into the frame, the
// document a tab's link names (jQuery UI's AJAX tabs), and a data file its inline script passes by a literal
// address or an element's `data-` attribute names (`fetch('/api/comments-2.json')` behind a
// "Load more" button). The render asked only for what loaded by itself, and from a folder a
// click's request fails: the tabs of a page saved live did nothing offline. The live copy's
// replay data answers each such address of the site's own, fetched now.

const HX_TAG = /<[a-z][a-z0-9-]*\b[^<>]*?\s(?:data-)?hx-get\s*=[^<>]*>/gi;
const HX_GET = /\s(?:data-)?hx-get\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>=`]+))/i;
// Elements that load by themselves (as the page loads, as they scroll into view, on a timer) did
// so in the render as far as the page went: answering more of them would let the copy run past
// the original (an infinite list, scrolled by the check, grew longer than the page it copies).
const LOADS_BY_ITSELF = /\s(?:data-)?hx-trigger\s*=\s*["']?[^"'<>]*\b(?:load|revealed|intersect|every)\b/i;
/** Addresses fetched for one page, at most, and bytes each: a list of a thousand rows asks no more. */
const MAX_FRAGMENTS = 30;
const MAX_FRAGMENT_BYTES = 512 * 1024;

/** The value of the attribute `pattern` finds in `tag` (its groups: double-quoted, single-quoted, bare), entities of `&` undone. */
function attributeValue(pattern: RegExp, tag: string): string {
  const match = pattern.exec(tag);
  return (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').replaceAll('&amp;', '&').trim();
}

/** The site's own addresses that the page's `hx-get` attributes name for a person's action, in order, each once. */
export function namedFragments(html: string, base: string): string[] {
  const values: string[] = [];
  for (const [tag] of html.matchAll(HX_TAG)) {
    if (LOADS_BY_ITSELF.test(tag)) continue;
    const value = attributeValue(HX_GET, tag);
    if (value && !value.startsWith('#')) values.push(value);
  }
  return ownAddresses(values, base);
}

const TURBO_FRAME = /<turbo-frame\b([^<>]*)>([^]*?)<\/turbo-frame\s*>/gi;
const LINK_TAG = /<a\b[^<>]*>/gi;
const HREF = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>=`]+))/i;
const FRAME_ID = /\sid\s*=\s*["']?([^"'\s<>]+)/i;
const TO_TOP = /\s(?:data-turbo-frame|target)\s*=\s*["']?_top\b/i;
const TARGETS_FRAME = /\sdata-turbo-frame\s*=\s*["']?(?!_top\b)([^"'\s<>]+)/i;

/**
 * The documents a Turbo frame's links load into it (a contents frame's next page): each link
 * inside a `<turbo-frame>` that is not sent to the top (`data-turbo-frame="_top"`, a frame's
 * `target="_top"`), and each link elsewhere that names a frame (`data-turbo-frame="toc"`), with
 * the frame's id, which Turbo sends as `Turbo-Frame`.
 */
export function frameLinks(html: string, base: string): { url: string; frame: string }[] {
  const frames = new Map<string, string>();
  const add = (tag: string, frame: string) => {
    const value = attributeValue(HREF, tag);
    const [url] = value && !value.startsWith('#') ? ownAddresses([value], base) : [];
    if (url && !frames.has(url)) frames.set(url, frame);
  };
  for (const [, attributes, inner] of html.matchAll(TURBO_FRAME)) {
    const frame = FRAME_ID.exec(attributes!)?.[1];
    if (!frame || TO_TOP.test(attributes!)) continue;
    for (const [tag] of inner!.matchAll(LINK_TAG)) if (!TO_TOP.test(tag) && !TARGETS_FRAME.test(tag)) add(tag, frame);
  }
  for (const [tag] of html.matchAll(LINK_TAG)) {
    const named = TARGETS_FRAME.exec(tag)?.[1];
    if (named) add(tag, named);
  }
  return [...frames].slice(0, MAX_FRAGMENTS).map(([url, frame]) => ({ url, frame }));
}

const TAB_LINK = /<a\b[^<>]*\srole\s*=\s*["']?tab\b[^<>]*>|<[a-z]+\b[^<>]*\srole\s*=\s*["']?tab\b[^<>]*>\s*<a\b[^<>]*>/gi;

/**
 * The documents the rendered page's tabs name by their links (`<li role="tab"><a href="tabs/
 * install.html">`: jQuery UI's AJAX tabs load each into its panel when it is picked), not a
 * place in the page (`#install`).
 */
export function tabLinks(html: string, base: string): string[] {
  const values: string[] = [];
  for (const [tag] of html.matchAll(TAB_LINK)) {
    const value = attributeValue(HREF, tag.slice(tag.toLowerCase().lastIndexOf('<a')));
    if (value && !value.startsWith('#') && !/^javascript:/i.test(value)) values.push(value);
  }
  return ownAddresses(values, base);
}

/**
 * `values` resolved against `base`, those of its origin, each once, MAX_FRAGMENTS at most: as the
 * browser asks for them (the replay data's keys), not as the crawl normalizes them.
 */
function ownAddresses(values: readonly string[], base: string): string[] {
  const { origin } = new URL(base);
  const urls = new Set<string>();
  for (const value of values) {
    let url: URL;
    try {
      url = new URL(value, base);
    } catch {
      continue;
    }
    url.hash = '';
    if (url.origin === origin) urls.add(url.href);
    if (urls.size >= MAX_FRAGMENTS) break;
  }
  return [...urls];
}

const INLINE_SCRIPT = /<script\b([^<>]*)>([^]*?)<\/script/gi;

// A `data-` attribute naming a data file, on an element of the page's body (a button's
// `data-src="/api/comments-2.json"` that its script fetches when clicked); not on the document's
// own elements, where Hugo themes keep their search index's address (needs-render.ts).
const DATA_TAG = new RegExp(String.raw`<(?!(?:html|head|body|script|meta|link)\b)[a-z][a-z0-9-]*\b[^<>]{0,2000}?\sdata-[\w-]+\s*=[^<>]*>`, 'gi');
const DATA_VALUE = new RegExp(String.raw`\sdata-[\w-]+\s*=\s*["']?((?!https?:|\/\/|data:|blob:)[^"'\s<>]{0,200}\.${DATA_EXTENSION}(?:[?#][^"'\s<>]{0,200})?)["'\s>]`, 'gi');
const FRAGMENT_VALUE = new RegExp(FRAGMENT_ADDRESS_ATTRIBUTE, 'gi');

/**
 * The site's own data files that the page's inline scripts pass by a literal address, or that a
 * `data-` attribute of one of its elements names (and the fragments a `data-` attribute names as
 * an address: FRAGMENT_VALUE), in order, each once.
 */
export function namedDataFiles(html: string, base: string): string[] {
  const values: string[] = [];
  for (const [, attributes, code] of html.matchAll(INLINE_SCRIPT)) {
    if (!/\bsrc\s*=/i.test(attributes!) && !INERT_TYPE.test(attributes!)) values.push(...dataFileArguments(code!));
  }
  for (const [tag] of html.matchAll(DATA_TAG)) {
    for (const [, value] of [...tag.matchAll(DATA_VALUE), ...tag.matchAll(FRAGMENT_VALUE)]) values.push(value!.replaceAll('&amp;', '&'));
  }
  return ownAddresses(values, base);
}

/**
 * Adds to `data.responses` the answers to the GETs the rendered page names for a person's action
 * (its `hx-get` attributes, its Turbo frames' and tabs' links, the data files it names as served) that the render did not record,
 * within `budget` bytes; returns the bytes added.
 */
export async function replayNamedFragments(ctx: CaptureContext, page: LoadedPage, data: ReplayData, budget: number): Promise<number> {
  const html = page.document?.html;
  if (!html) return 0;
  // As each asks: htmx (a server that serves its pages with htmx answers the part to swap in), Turbo for a frame's next document, jQuery for a tab's content.
  const htmx = { 'hx-request': 'true', 'hx-current-url': page.response.url };
  const asks: { url: string; headers?: Record<string, string> }[] = [
    ...(/hx-get/i.test(html) ? namedFragments(html, page.response.url).map((url) => ({ url, headers: htmx })) : []),
    ...(/<turbo-frame/i.test(html) ? frameLinks(html, page.response.url).map(({ url, frame }) => ({ url, headers: { 'turbo-frame': frame } })) : []),
    ...(/role\s*=\s*["']?tab\b/i.test(html) ? tabLinks(html, page.response.url).map((url) => ({ url, headers: { 'x-requested-with': 'XMLHttpRequest' } })) : []),
  ];
  // The scripts as served: the rendered DOM's are neutralized.
  const served = page.served?.document?.html ?? '';
  let files = /<script/i.test(served) ? namedDataFiles(served, page.served!.response.url) : [];
  // A page read early may still ask for one as it settles (a timer's fetch after load): then the
  // render has it, and the site is not asked twice.
  if (files.length > 0 && page.settling) {
    const asked = new Set(((await page.settling.catch(() => undefined))?.browserResponses ?? []).map(({ url }) => url));
    files = files.filter((url) => !asked.has(url));
  }
  asks.push(...files.map((url) => ({ url })));
  // Each address once (as the first list names it), and only one the render did not record.
  const seen = new Set<string>();
  const wanted = asks.filter(({ url }) => !data.responses[`GET ${url}`] && !seen.has(url) && seen.add(url));
  const answers = await Promise.all(
    wanted.map(({ url, headers }) =>
      ctx.fetcher.fetch(url, { signal: ctx.signal, accept: ACCEPT.any, referrer: page.response.url, ...(headers ? { headers } : {}) }).catch(() => undefined),
    ),
  );
  let added = 0;
  for (const [i, response] of answers.entries()) {
    if (!response || response.status !== 200 || response.file || response.body.length > MAX_FRAGMENT_BYTES) continue;
    if (added + response.body.length > budget) break;
    added += response.body.length;
    data.responses[`GET ${wanted[i]!.url}`] = replayResponse(200, response.headers['content-type'], response.body);
  }
  return added;
}
