import { HtmlTooComplexError, type HtmlScan } from '../parse/index.js';
import type { LoadedPage } from './page-loader.js';
import { normalizeUrl } from '../resolve/normalize-url.js';
import { DATA_EXTENSION, FRAGMENT_ADDRESS_ATTRIBUTE, fillsFromNetwork, loadsDataFile, loadsScriptFile, readsFromNetwork, runTimeLoad, talksToFrame } from './script-signals.js';

/** Pages longer than this are read this far: an app shell is short, and the test stays linear. */
const READ_AT_MOST = 1024 * 1024;
/** Fewer visible characters than this, with scripts to build the rest: the page is a shell. */
const SHELL_TEXT = 80;
/** ...and fewer images or videos of its own than this. */
const SHELL_MEDIA = 3;

// An element an app mounts into, left empty in the served HTML.
const EMPTY_MOUNT =
  /<(div|main|section|body)\b[^<>]*\bid\s*=\s*["']?(root|app|__next|__nuxt|___gatsby|svelte|swagger-ui|redoc-container|main-app|application)\b["']?[^<>]*>\s*<\/\1>/i;
// Custom elements of renderers that build the whole page (API docs, Angular's root).
const RENDERER_ELEMENT = /<(redoc|rapi-doc|elements-api|app-root|openapi-explorer)\b/i;
// Frameworks that render on the server and take over in the browser: their client router decides
// what is shown by the path, which from file:// is never theirs (VitePress showed its 404).
const HYDRATION_MARKERS: readonly [RegExp, string][] = [
  [/id=["']?__NEXT_DATA__|\/_next\/static\//, 'Next.js'],
  [/window\.__NUXT__|id=["']?__nuxt\b|\/_nuxt\//, 'Nuxt'],
  [/__VP_HASH_MAP__|__VP_SITE_DATA__|\bVPContent\b/, 'VitePress'],
  [/id=["']?__docusaurus\b|name=["']?generator["']?\s+content=["']?Docusaurus/i, 'Docusaurus'],
  [/id=["']?___gatsby\b/, 'Gatsby'],
  [/name=["']?generator["']?\s+content=["']?VuePress/i, 'VuePress'],
  [/__sveltekit_|data-sveltekit-/, 'SvelteKit'],
  [/__remixContext|__reactRouterContext/, 'React Router'],
  [/<astro-island\b/, 'Astro islands'],
  [/\bng-version=/, 'Angular'],
];
// Text a library draws or typesets in place once the page loaded: mermaid's diagrams (written as
// their source), MathJax's and KaTeX's formulas. A static copy runs the same scripts, but only a
// render checks what they made, and can keep it as a snapshot.
const DRAWN_IN_BROWSER: readonly [RegExp, string][] = [
  [/<(?:pre|div|code)\b[^<>]*\bclass\s*=\s*["']?(?:[^"'<>]*\s)?mermaid\b/i, 'mermaid draws its diagrams in the browser'],
  [/<script\b[^<>]*\bsrc\s*=\s*["']?[^"'<>]*\bmathjax\b/i, 'MathJax typesets its formulas in the browser'],
  [/\brenderMathInElement\s*\(/, 'KaTeX typesets its formulas in the browser'],
];
// A page that is written on the server but fills a part of itself from the network once loaded
// (comments, prices, a "related" list; jQuery's .load(), htmx, Alpine): its text passes for the
// page's, and from a folder that request fails and the part stays empty. An inline script that
// both asks the network and writes the DOM; an element htmx or Alpine fills on load.
const SCRIPT_START = /<script\b[^<>]*>/gi;
const SCRIPT_END = /<\/script/gi;
const HAS_SRC = /\bsrc\s*=/i;
// Script types that do not run (a JSON or template block).
export const INERT_TYPE = /\btype\s*=\s*["']?(?!(?:text|application)\/(?:javascript|ecmascript)|module\b|["'])/i;
const FILLED_ON_LOAD = /\b(?:data-)?hx-(?:get|post)\s*=[^<>]*\b(?:data-)?hx-trigger\s*=\s*["']?[^"'<>]*\b(?:load|revealed|intersect|every)\b|\bx-init\s*=\s*["'][^"']*\bfetch\s*\(/i;
// Elements whose script loads their content from an address once they are in the page: Turbo's
// frames (Rails), GitHub's include-fragment, Shoelace's include. From a folder that fetch() fails
// and the part stays empty (or says "Loading").
const FETCHED_FRAGMENT = /<(?:turbo-frame|include-fragment|sl-include)\b[^<>]*?\bsrc\s*=/i;
// A data file of the site's own named by an attribute only a script reads: a custom element's
// (`<item-list src="data/items.json">`, `<lottie-player src="anim.json">`) or a `data-`
// attribute (`<div class="chart" data-url="sales.csv">`). Bounded: a long tag costs no more. Not
// a `data-` attribute of the document's own elements (`<html>`, `<body>`, `<script>`...): a
// site's settings, which Hugo themes keep there (`<body data-index="/index.json">`, the search
// index their script fetches when someone searches, on each of a site's pages).
// Text files too (reveal.js's `<section data-markdown="slides.md">`), which an attribute names
// for a script only: in a script's own text an `.md` address is as often a site's data about its pages.
const OWN_DATA_VALUE = String.raw`\s*=\s*["']?(?!https?:|\/\/|data:|blob:)[^"'\s<>]{0,200}\.(?:${DATA_EXTENSION}|md|markdown|txt)(?:[?#][^"'\s<>]{0,200})?["'\s>]`;
const DATA_ATTRIBUTE = new RegExp(String.raw`<[a-z][a-z0-9]*-[a-z0-9-]*\b[^<>]{0,2000}?\s[\w-]+${OWN_DATA_VALUE}|<(?!(?:html|head|body|script|meta|link)\b)[a-z][a-z0-9-]*\b[^<>]{0,2000}?\sdata-[\w-]+${OWN_DATA_VALUE}`, 'i');
// A fragment a `data-` attribute names as an address to load (script-signals.ts): capture/
// named-fragments.ts answers it in a live copy, which a static copy's script cannot have.
const FRAGMENT_ATTRIBUTE = new RegExp(String.raw`<(?!(?:html|head|body|script|meta|link)\b)[a-z][a-z0-9-]*\b[^<>]{0,2000}?${FRAGMENT_ADDRESS_ATTRIBUTE}`, 'i');
/** Inline scripts read for network calls, at most: a page is decided in its first ones. */
const MAX_INLINE_SCRIPTS = 200;
const ENABLE_JS = /<noscript\b[^<>]*>[^]{0,2000}?\b(enable|requires?|turn on|needs?)\b[^<]{0,80}\bjavascript\b/i;
export const SCRIPT = /<script\b/i;

/**
 * Why a page seems to build itself with JavaScript (so `render: auto` renders it), or undefined
 * when its served HTML is the page. Signs: scripts, and an empty mount element, a renderer's
 * element, a framework that takes the page over in the browser, text a library draws in place
 * (diagrams, formulas), a `<noscript>` asking for JavaScript, a part filled from the network on
 * load, or next to no visible text. Cheap: a few linear scans of at most 1 MB.
 */
export function needsRender(page: LoadedPage): string | undefined {
  const html = page.document?.html;
  if (!html) return undefined;
  const head = html.length > READ_AT_MOST ? html.slice(0, READ_AT_MOST) : html;
  const scan = page.scan();
  const modules = scan && !(scan instanceof HtmlTooComplexError) && (scan.inlineScripts.length > 0 || scan.refs.some((r) => r.kind === 'module'));
  if (!modules && !SCRIPT.test(head)) return undefined;
  const need = servedHtmlNeed(head, ownFrameUrls(page, 1).length > 0) ?? (scan && !(scan instanceof HtmlTooComplexError) ? componentsFromElsewhere(scan, page.response.url, head) : undefined);
  if (need) return need;
  // A gallery says little in words: images the HTML itself holds are content too.
  const media = scan && !(scan instanceof HtmlTooComplexError) ? scan.refs.filter((r) => r.kind === 'image' || r.kind === 'media').length : 0;
  if (media < SHELL_MEDIA && html.length <= READ_AT_MOST && visibleTextLength(html, SHELL_TEXT) < SHELL_TEXT) return 'it has scripts and next to no text of its own';
  return undefined;
}

// A custom element's tag (a name with a hyphen), as markup writes one.
const CUSTOM_ELEMENT = /<([a-z][a-z0-9]*-[a-z0-9-]*)[\s/>]/i;

/**
 * Custom elements in the page that a module of another site may define: a component library
 * from a CDN (Shoelace's autoloader imports each component it finds by an address it computes,
 * and each icon is fetched). Another site's scripts are not read (script-fills-page.ts), and from
 * a folder what they compute is never loaded: a bike shop's page of Shoelace cards, tabs and
 * icons came out static with none of them drawn (10.9 % of the pixels, text 0.74).
 */
function componentsFromElsewhere(scan: HtmlScan, pageUrl: string, head: string): string | undefined {
  const element = CUSTOM_ELEMENT.exec(head);
  if (!element) return undefined;
  const { origin } = new URL(pageUrl);
  for (const ref of scan.refs) {
    if (ref.kind !== 'module') continue;
    const url = normalizeUrl(ref.url, pageUrl);
    if (url && new URL(url).origin !== origin) return `its custom elements (<${element[1]!.toLowerCase()}>) may be defined by another site's module (${url})`;
  }
  return undefined;
}

/**
 * Why HTML as served shows less than the page once its scripts ran, read from its text alone (a
 * frame's document is read so too): an empty mount element, a renderer's element, a framework
 * that takes the page over, text a library draws, a `<noscript>` asking for JavaScript, a part
 * filled once loaded. `ownFrame`: the page holds a frame of its own site. For HTML with scripts.
 */
export function servedHtmlNeed(head: string, ownFrame: boolean): string | undefined {
  const mount = EMPTY_MOUNT.exec(head);
  if (mount) return `its scripts fill an empty <${mount[1]!.toLowerCase()} id="${mount[2]}">`;
  const element = RENDERER_ELEMENT.exec(head);
  if (element) return `its scripts build <${element[1]!.toLowerCase()}>`;
  for (const [marker, name] of HYDRATION_MARKERS) if (marker.test(head)) return `${name} takes the page over in the browser`;
  for (const [marker, reason] of DRAWN_IN_BROWSER) if (marker.test(head)) return reason;
  if (ENABLE_JS.test(head)) return 'it asks for JavaScript (<noscript>)';
  return fillsItselfOnLoad(head, ownFrame);
}

/**
 * The addresses of the page's frames on its own site (not the page itself), `max` at most: its
 * scripts may talk to them, and their documents may build themselves as pages do.
 */
export function ownFrameUrls(page: LoadedPage, max: number): string[] {
  const scan = page.scan();
  if (!scan || scan instanceof HtmlTooComplexError) return [];
  const { origin } = new URL(page.response.url);
  const urls = new Set<string>();
  for (const ref of scan.refs) {
    if (urls.size >= max) break;
    if (ref.kind !== 'frame' || ref.source !== 'attr') continue;
    const url = normalizeUrl(ref.url, page.response.url);
    if (url && url !== page.response.url && new URL(url).origin === origin) urls.add(url);
  }
  return [...urls];
}

/**
 * Why the page as served fills a part of itself once loaded, or undefined: markup a library
 * fills (htmx, Alpine, Turbo), a data file named for a script, an inline script that asks the
 * network or loads files, or one that talks to a frame of the page's own (`ownFrame`).
 */
function fillsItselfOnLoad(html: string, ownFrame: boolean): string | undefined {
  if (FILLED_ON_LOAD.test(html)) return 'htmx or Alpine fills part of it on load';
  if (FETCHED_FRAGMENT.test(html)) return 'a Turbo frame or an included fragment loads part of it from the network';
  if (DATA_ATTRIBUTE.test(html)) return 'an element names a data file of its own for a script';
  if (FRAGMENT_ATTRIBUTE.test(html)) return 'an element names a fragment of its own for a script to load';
  // Each script's end is looked for from its start on, once: linear, however many are left open.
  SCRIPT_START.lastIndex = 0;
  for (let i = 0, start; i < MAX_INLINE_SCRIPTS && (start = SCRIPT_START.exec(html)); i++) {
    SCRIPT_END.lastIndex = SCRIPT_START.lastIndex;
    const end = SCRIPT_END.exec(html);
    if (!end) break;
    const text = html.slice(SCRIPT_START.lastIndex, end.index);
    if (!HAS_SRC.test(start[0]) && !INERT_TYPE.test(start[0])) {
      if (fillsFromNetwork(text) || readsFromNetwork(text)) return 'an inline script fills part of it from the network';
      const load = runTimeLoad(text, true);
      if (load) return `an inline script ${load}`;
      if (loadsDataFile(text)) return 'an inline script loads a data file of its own';
      if (loadsScriptFile(text)) return 'an inline script loads a script file of its own';
      if (ownFrame && talksToFrame(text)) return 'an inline script talks to a frame of its own';
    }
    SCRIPT_START.lastIndex = end.index;
  }
  return undefined;
}

// Elements whose content is not shown as text (or not at all), with the search for their end tag.
const HIDDEN = new Map(['script', 'style', 'noscript', 'template', 'title', 'textarea', 'svg'].map((name) => [name, new RegExp(`</${name}`, 'gi')]));
const TAG_NAME = /<([a-z][a-z0-9-]*)/iy;

/**
 * Characters other than whitespace outside tags, comments and hidden elements, counted up to
 * `enough`: a page with text stops being read once it has shown that much (a docs page of
 * 400 KB is decided in its first lines). Linear in the text, and never copies it (a lower-cased
 * copy of each page, read by offsets found in the original, ran for seconds a page in V8).
 */
export function visibleTextLength(html: string, enough = Infinity): number {
  let count = 0;
  eachTextRun(html, (from, to) => {
    for (let i = from; i < to && count < enough; i++) if (html.charCodeAt(i) > 32) count++;
    return count >= enough;
  });
  return count;
}

/** The text outside tags, comments and hidden elements, as written (entities left as they are), up to about `max` characters. */
export function visibleText(html: string, max = 200_000): string {
  const runs: string[] = [];
  let length = 0;
  eachTextRun(html, (from, to) => {
    runs.push(html.slice(from, to));
    length += to - from;
    return length >= max;
  });
  return runs.join(' ');
}

/** Calls `visit` with each run of text between tags that a reader sees, until it returns true. */
function eachTextRun(html: string, visit: (from: number, to: number) => boolean): void {
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const end = open < 0 ? html.length : open;
    if (end > at && visit(at, end)) return;
    if (open < 0) return;
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      at = close < 0 ? html.length : close + 3;
      continue;
    }
    TAG_NAME.lastIndex = open;
    const hidden = HIDDEN.get(TAG_NAME.exec(html)?.[1]?.toLowerCase() ?? '');
    const tagEnd = html.indexOf('>', open);
    if (tagEnd < 0) return;
    at = tagEnd + 1;
    if (hidden) {
      hidden.lastIndex = at;
      at = hidden.exec(html)?.index ?? html.length;
    }
  }
}
