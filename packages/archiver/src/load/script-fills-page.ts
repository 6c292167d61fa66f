import { ACCEPT } from '../fetch/accept.js';
import type { FetchedResource } from '../fetch/fetcher.js';
import { moduleImports, moduleLexerReady } from '../parse/index.js';
import { normalizeUrl } from '../resolve/normalize-url.js';
import { trace } from '../trace.js';
import { ownFrameUrls, SCRIPT, servedHtmlNeed } from './needs-render.js';
import type { LoadedPage, PageLoadContext } from './page-loader.js';
import { resolvedRefs } from './page-refs.js';
import type { ScriptNeed, ScriptReading, ScriptReadings } from './script-readings.js';
import { fillsFromNetwork, loadsDataFile, NOT_SITE_INDEX, runTimeLoad, startsWorker } from './script-signals.js';

/** Scripts of a page read before it is decided, at most: an app's own come first. */
const MAX_SCRIPTS = 6;
/** Read this far: an app's own script is short; a larger one is a bundle or a library. */
const READ_AT_MOST = 512 * 1024;
/** The end of a longer module read too (see readable). */
const READ_MODULE_END = 128 * 1024;
/**
 * A script that has not answered by then is left undecided (its request goes on, and the static
 * capture takes its answer): a site's script that trickles must not hold the whole page back.
 */
const WAIT_MS = 2_000;
/** Names a script's reading keeps, at most (the quoted ids it could fill an element by). */
const MAX_NAMES = 2_000;

// Libraries ask the network, write the DOM and load files in their code whether or not a page uses them.
const LIBRARY =
  /(?:^|[/._-])(?:jquery|bootstrap|popper|lodash|underscore|moment|modernizr|analytics|gtag|gtm|highlight|prism|mathjax|katex|mermaid|polyfills?|core-js|require|d3|chart|three|swiper|slick|lightbox|fancybox|select2|htmx|alpine|vue|react|react-dom|angular|ember|backbone|knockout|zepto|axios|hls|video|plyr|clipboard|fontawesome|recaptcha|sentry)(?:[._-]|$)/i;
const LIBRARY_BANNER = /^\s*\/\*[!*]\s*(?:jQuery|Bootstrap|lodash|Vue\.js|React|@license)/;
// A request for an address written in the script (`fetch('data.json')`, an XHR's open): data of
// the page's own; not an index of the site (`fetch('/search/search_index.json')`, see
// NOT_SITE_INDEX). A template from a computed address counts (`` fetch(`${base}/…`) ``): Material
// for MkDocs's bundle fetches its search index so as each page loads, which from a folder fails
// (1 failed request, the search dead) where its live copy answers it.
const ADDRESS = String.raw`['"\`]${NOT_SITE_INDEX}`;
const LITERAL_REQUEST = new RegExp(
  [
    String.raw`\bfetch\s*\(\s*`,
    String.raw`\.open\s*\(\s*['"](?:GET|POST)['"]\s*,\s*`,
    String.raw`\$\.(?:ajax|get|getJSON|post)\s*\(\s*`,
    String.raw`\baxios(?:\.get|\.post)?\s*\(\s*`,
    String.raw`\.load\s*\(\s*`,
    String.raw`\bd3\.(?:csv|tsv|dsv|json|text|xml|html)\s*\(\s*`,
  ]
    .map((call) => call + ADDRESS)
    .join('|'),
);
// An element the page leaves empty (or saying it is loading) for a script to fill, by its id.
const PLACEHOLDER = /<([a-z][a-z0-9-]*)\b[^<>]*?(?<![\w-])id\s*=\s*(["']?)([^"'\s<>]{2,64})\2[^<>]*>([^<]{0,80})<\/\1\s*>/gi;
const WAITING_TEXT = /^\s*(?:(?:[^<]*\b(?:loading|wird geladen|chargement|cargando)\b[^<]*)|[.…\s]*)$/i;
const MAX_PLACEHOLDERS = 100;
const READ_PAGE_AT_MOST = 1024 * 1024;

interface PageScript {
  url: string;
  /** Its reading's key among the verdicts: another site's script is read otherwise than the page's own. */
  key: string;
  module: boolean;
  own: boolean;
  /** A frame's document of the page's own site, read as a page is (needs-render.ts), not as a script. */
  frame?: boolean;
}

/** Frames of the page's own site read before it is decided, at most. */
const MAX_FRAMES = 3;

/**
 * Why a script file of the page's own site makes a static copy fall short, or undefined: it
 * loads code or files at run time (a worker, an import(), a written script tag, an image by a
 * relative address), or it asks the network for data and writes it into the page, naming an
 * element the page leaves empty or asking for an address it writes out. From a folder those
 * loads fail, so the page is rendered. Each script is fetched once, through the capture's
 * fetcher ahead of the capture (ctx.prefetch), which takes that answer instead of asking again.
 */
export async function scriptFillsPage(ctx: PageLoadContext, page: LoadedPage, readings: ScriptReadings): Promise<ScriptNeed | undefined> {
  let placeholders: string[] | undefined;
  const emptyIds = () => (placeholders ??= placeholderIds(page.document!.html));
  const others = otherSitesScripts(page);
  const scripts = [...ownScripts(page), ...(others.length > 0 && emptyIds().length > 0 ? others : [])].slice(0, MAX_SCRIPTS).concat(ownFrames(page));
  // A site's pages leave different elements empty: a shared script's reading is judged per page.
  const need = (key: string, reading: ScriptReading | undefined): ScriptNeed | undefined => {
    const reason = reading && !readings.isSpared(key, page.response.url) ? needOn(reading, emptyIds()) : undefined;
    return reason ? { reason, script: key } : undefined;
  };
  const known = scripts.map(({ key }) => need(key, readings.reading(key))).find(Boolean);
  if (known) return known;
  const unread = scripts.filter(({ key }) => !readings.has(key));
  if (unread.length === 0) return undefined;
  trace(`render: reading ${unread.length} script(s) of the page`);
  const fetch = (url: string, kind: FetchedKind | 'frame') =>
    ctx.prefetch(url, { signal: ctx.signal, referrer: page.response.url, accept: ACCEPTS[kind], spool: kind === 'image' || kind === 'icon' });
  // The files a static capture asks for first go out with the scripts, so that deciding costs
  // no round trip of its own; a request of the capture's for one of them takes that answer.
  // (Not those it has: a resumed crawl's restored files would be asked for again, for nothing.)
  for (const { url, kind } of pageRefs(page, FETCHED_KINDS).slice(0, PREFETCH)) if (!ctx.has(url)) void fetch(url, kind);
  let waited: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    waited = setTimeout(() => resolve(undefined), WAIT_MS);
  });
  const read = await Promise.all(
    unread.map(async ({ url, key, module, own, frame }) => {
      const response = await Promise.race([fetch(url, frame ? 'frame' : module ? 'module' : 'script'), late]);
      if (!response) return undefined;
      const code = response.status < 300 && !response.file ? readable(response.body, frame ? READ_PAGE_AT_MOST : READ_AT_MOST, module && !frame) : undefined;
      let reading: ScriptReading = code === undefined ? false : frame ? readFrame(code, url) : own ? readScript(code, module) : readOtherSitesScript(code);
      if (reading === false && own && module && code !== undefined) reading = await readImports(code, url, (at) => Promise.race([fetch(at, 'module'), late]));
      readings.note(key, reading);
      return need(key, reading);
    }),
  ).finally(() => clearTimeout(waited));
  if (ctx.signal.aborted) throw ctx.signal.reason;
  return read.find(Boolean);
}

/**
 * A script's text as read: its start, and for a long module its end too, where a bundler puts
 * the entry's own code after the libraries it bundled (a dashboard's 1.8 MB Vite entry bundled
 * ECharts, Vega and lottie first; its fetch() calls were in its last 2 KB, and the page was
 * saved static, its charts empty offline).
 */
function readable(body: Buffer, atMost: number, module: boolean): string {
  if (body.length <= atMost) return body.toString('utf8');
  const start = body.subarray(0, atMost).toString('utf8');
  return module ? `${start}\n${body.subarray(Math.max(atMost, body.length - READ_MODULE_END)).toString('utf8')}` : start;
}

/** A module's static imports read with it, at most: an entry's own chunks (Stencil's loader is one). */
const MAX_IMPORTS_READ = 4;

/**
 * What a module of the site's own that says nothing itself says through the modules it imports
 * of the same site: Ionic's entry (ionic.esm.js) only imports its loader, whose `import()` of
 * each component's chunk by a computed address is what a static copy cannot follow (an Ionic
 * page came out static and blank, its app hidden until its components were defined).
 */
async function readImports(code: string, url: string, fetch: (url: string) => Promise<FetchedResource | undefined>): Promise<ScriptReading> {
  await moduleLexerReady;
  let imports: string[];
  try {
    const { origin } = new URL(url);
    imports = moduleImports(code)
      .flatMap(({ specifier, dynamic }) => {
        const at = !dynamic && /^(?:\.{0,2}\/|https?:)/.test(specifier) ? normalizeUrl(specifier, url) : undefined;
        return at && new URL(at).origin === origin && !LIBRARY.test(new URL(at).pathname) ? [at] : [];
      })
      .slice(0, MAX_IMPORTS_READ);
  } catch {
    return false;
  }
  const readings = await Promise.all(
    imports.map(async (at) => {
      const response = await fetch(at);
      if (!response || response.status >= 300 || response.file) return false;
      return readScript(readable(response.body, READ_AT_MOST, true), true);
    }),
  );
  const found = readings.find((reading) => typeof reading === 'string');
  return found ?? false;
}

type FetchedKind = 'script' | 'module' | 'stylesheet' | 'image' | 'icon';
const ACCEPTS: Record<FetchedKind | 'frame', string> = {
  script: ACCEPT.any,
  module: ACCEPT.any,
  stylesheet: ACCEPT.stylesheet,
  image: ACCEPT.image,
  icon: ACCEPT.image,
  frame: ACCEPT.document,
};
/** Files of the page fetched while its scripts are read, at most (see scriptFillsPage). */
const PREFETCH = 32;

interface PageRef {
  url: string;
  kind: FetchedKind;
}

const SCRIPT_KINDS: ReadonlySet<string> = new Set(['script', 'module']);
const FETCHED_KINDS: ReadonlySet<string> = new Set(Object.keys(ACCEPTS));

/** The page's references of `kinds` as the URLs the capture fetches, once each, in document order. */
function pageRefs(page: LoadedPage, kinds: ReadonlySet<string>): PageRef[] {
  const refs = new Map<string, PageRef>();
  for (const { url, ref } of resolvedRefs(page) ?? []) {
    if (kinds.has(ref.kind) && ref.source === 'attr' && !refs.has(url)) refs.set(url, { url, kind: ref.kind as FetchedKind });
  }
  return [...refs.values()];
}

/** The page's external scripts on its own origin (or on others) that are not a known library, in document order. */
function pageScripts(page: LoadedPage, own: boolean): PageScript[] {
  const origin = new URL(page.response.url).origin;
  const found: PageScript[] = [];
  for (const { url, kind } of pageRefs(page, SCRIPT_KINDS)) {
    const { origin: from, pathname } = new URL(url);
    if ((from === origin) !== own || LIBRARY.test(pathname)) continue;
    found.push({ url, key: own ? url : `other site ${url}`, module: kind === 'module', own });
    if (found.length >= MAX_SCRIPTS) break;
  }
  return found;
}

const ownScripts = (page: LoadedPage) => pageScripts(page, true);

/**
 * Scripts of other sites, read only for a page that leaves an element empty: a widget (reviews,
 * comments, a feed) that a script from another site fills from the network by the element's id.
 * Analytics and tag managers load code and ask the network on every page, and name no element
 * of it: another site's script counts only by the empty elements it names.
 */
const otherSitesScripts = (page: LoadedPage) => pageScripts(page, false);

/**
 * The page's frames at addresses of its own site: a frame whose document builds itself (a widget
 * that fetches its data) is saved as served, and from a folder its scripts fail as a page's would.
 */
function ownFrames(page: LoadedPage): PageScript[] {
  return ownFrameUrls(page, MAX_FRAMES).map((url) => ({ url, key: `frame ${url}`, module: false, own: true, frame: true }));
}

/** What reading a frame's document says: why it falls short as served (servedHtmlNeed), or false. */
export function readFrame(html: string, url: string): ScriptReading {
  const need = SCRIPT.test(html) ? servedHtmlNeed(html, false) : undefined;
  return need ? `its frame ${new URL(url).pathname}: ${need}` : false;
}

/** What reading another site's script says (see otherSitesScripts): the ids it may fill from the network, or false. */
export function readOtherSitesScript(code: string): ScriptReading {
  return !LIBRARY_BANNER.test(code) && fillsFromNetwork(code) ? { names: namedIds(code), reason: 'a script of another site fills part of it from the network' } : false;
}

const FILLS = 'its own script fills part of it from the network';

export function readScript(code: string, module: boolean): ScriptReading {
  if (LIBRARY_BANNER.test(code)) return false;
  const load = runTimeLoad(code, module, { workers: false });
  if (load) return `its own script ${load}`;
  const fills = fillsFromNetwork(code);
  if (fills && LITERAL_REQUEST.test(code)) return FILLS;
  if (loadsDataFile(code)) return 'its own script loads a data file of its own';
  if (startsWorker(code)) return { names: namedIds(code), reason: 'its own script starts a worker' };
  return fills ? { names: namedIds(code) } : false;
}

/** Why a static copy of a page that leaves `placeholders` empty falls short with this script, or undefined. */
export function needOn(reading: ScriptReading, placeholders: readonly string[]): string | undefined {
  if (reading === false) return undefined;
  if (typeof reading === 'string') return reading;
  return placeholders.some((id) => reading.names.has(id)) ? (reading.reason ?? FILLS) : undefined;
}

/** What in the script makes a static copy of a page with these placeholders fall short (see scriptFillsPage), or undefined. */
export function scriptNeed(code: string, module: boolean, placeholders: readonly string[]): string | undefined {
  return needOn(readScript(code, module), placeholders);
}

// A string literal of the code, up to 100 characters (a longer one names no element).
const STRING = /'((?:[^'\\\n]|\\.){0,100})'|"((?:[^"\\\n]|\\.){0,100})"|`((?:[^`\\]|\\.){0,100})`/g;
const WHOLE_NAME = /^(?!#)[^\s<>'"`\\]{2,64}$/;
const SELECTOR_ID = /^#([\w-]{2,64})/;

/** The ids the code names: a whole string (`getElementById('feed')`), or a selector's first id (`'#feed > li'`). */
function namedIds(code: string): Set<string> {
  const names = new Set<string>();
  STRING.lastIndex = 0;
  for (let match; names.size < MAX_NAMES && (match = STRING.exec(code)); ) {
    const text = match[1] ?? match[2] ?? match[3] ?? '';
    if (WHOLE_NAME.test(text)) names.add(text);
    const id = SELECTOR_ID.exec(text)?.[1];
    if (id) names.add(id);
  }
  return names;
}

/** Ids of elements the page leaves empty, or holding only a "loading…" note. */
export function placeholderIds(html: string): string[] {
  const text = html.length > READ_PAGE_AT_MOST ? html.slice(0, READ_PAGE_AT_MOST) : html;
  const ids: string[] = [];
  PLACEHOLDER.lastIndex = 0;
  for (let match; ids.length < MAX_PLACEHOLDERS && (match = PLACEHOLDER.exec(text)); ) {
    // An empty <a id> is where a link lands (docs made from Markdown have one per heading), not a
    // part to fill; search results are shown once someone searches.
    if (WAITING_TEXT.test(match[4]!) && match[1]!.toLowerCase() !== 'a' && !/search/i.test(match[3]!)) ids.push(match[3]!);
  }
  return ids;
}
