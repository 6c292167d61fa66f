import type { BrowserResponse, LoadedPage } from '../load/page-loader.js';
import { SCRIPT } from '../load/needs-render.js';
import { loadedPage } from '../load/static-loader.js';
import { HtmlTooComplexError, moduleLexerReady, type HtmlRef, type HtmlScan } from '../parse/index.js';
import { routeOf } from '../page-url.js';
import { normalizeUrl } from '../resolve/normalize-url.js';
import { hostFolder } from '../resolve/local-path.js';
import { relativeLink, rootFolderFrom } from '../resolve/relative-path.js';
import type { CaptureContext, ResourceKind } from './context.js';
import { keepLazyStyles } from './lazy-styles.js';
import { keepReadBack } from './read-back.js';
import { replayNamedFragments } from './named-fragments.js';
import { pageLink, readImportMaps, rewriteDocument } from './process-html.js';
import { moduleKey } from './process-module.js';
import { replayDataScript, replayLayerFile, replayResponse, type ReplayData } from './replay-shim.js';
import { workerScripts } from './worker-scripts.js';

/** Recorded bodies kept for replay in one page at most: a replay file is read whole when the page opens. */
const MAX_REPLAY_BYTES = 16 * 1024 * 1024;
/** Site pages a live copy knows by address (about 60 bytes each, in every page's replay file). */
const MAX_SITE_PAGES = 500;
/**
 * An answer at least this large that another live page of the mirror holds already is left to
 * that page's replay file: the layer asks it (replay-site-responses.ts). gi-docgen's pages each
 * fetch the search index of their library as they load (892 KB), and a mirror of GTK 4's
 * reference held it in each of its 1,056 pages' replay files, 1.2 GB in all.
 */
const SHARED_BODY_BYTES = 16 * 1024;
/** Frames of a page made live copies of their own, at most. */
const MAX_LIVE_FRAMES = 5;
const NO_PARENTS: ReadonlySet<string> = new Set();

// What the browser loaded as files the copy keeps; fetch() and XHR answers go to the replay data.
const FILE_KINDS: Partial<Record<BrowserResponse['type'], ResourceKind>> = {
  script: 'script',
  stylesheet: 'stylesheet',
  image: 'image',
  font: 'font',
  media: 'media',
};
const REPLAYED = new Set<BrowserResponse['type']>(['fetch', 'xhr', 'other']);

/**
 * A file the page prefetched (`<link rel=prefetch>`, type `other`), by its type: the browser
 * then runs it from its cache with no request of its own (Next.js's Pages Router prefetches a
 * route's chunks so, then adds their scripts), so the copy must have it as a file.
 */
function prefetchedKind(type: BrowserResponse['type'], contentType: string | undefined): ResourceKind | undefined {
  if (type !== 'other' || !contentType) return undefined;
  if (/^(text|application)\/(x-)?(javascript|ecmascript)\b/i.test(contentType)) return 'script';
  if (/^text\/css\b/i.test(contentType)) return 'stylesheet';
  return undefined;
}

/**
 * A live copy: its HTML, its replay data's file with the path it goes to, the replay layer its
 * pages share (replayLayerFile) and its modules: saved only if the copy is kept.
 */
export interface LiveCopy {
  html: string;
  replayPath: string;
  replay: Buffer;
  /**
   * What `replay` holds: its responses' keys (`GET <url>`...) are what other pages may ask it for
   * (site-responses.ts), and answers recorded after the copy was made join it (withLaterResponses).
   */
  data: ReplayData;
  layer: { path: string; text: string };
  /** The modules its import map holds (by path), whose registrations are saved with it. */
  modules: readonly string[];
  /** Its frames' live copies, which its frame elements load (saved with it, at `path`, beside each frame's snapshot). */
  frames: readonly LiveFrame[];
}

/** A frame's live copy: the frame's document as served, its scripts running on its own replay data. */
export interface LiveFrame {
  url: string;
  path: string;
  copy: LiveCopy;
}

/**
 * The live copy of a rendered page, as it would be saved at `path`: the page as served, its
 * scripts kept, with a replay layer first in `<head>` that answers their fetch() and XHR from
 * what the browser recorded and points what they add by address at the copy's files (which are
 * saved now). Undefined when the page as served cannot be rewritten (beyond parsing).
 */
export async function liveCopyHtml(ctx: CaptureContext, page: LoadedPage, path: string, withFrames = true, parents: ReadonlySet<string> = NO_PARENTS): Promise<LiveCopy | undefined> {
  const served = page.served;
  const scan = served?.scan();
  if (!served?.document || !scan || scan instanceof HtmlTooComplexError) return undefined;
  // First: each frame's copy reads its own import map into the capture's state, which the page's then replaces.
  const frames = withFrames ? await liveFrames(ctx, page) : [];
  const framePaths = new Map(frames.map((frame) => [frame.url, frame.path]));
  const data: ReplayData = { base: served.response.url, responses: {}, files: {}, scripts: {}, originals: {}, pages: {}, sitePages: {} };
  for (const [url, pagePath] of ctx.sitePageList?.(MAX_SITE_PAGES) ?? []) data.sitePages[url] = relativeLink(path, pagePath);
  data.root = rootFolderFrom(path);
  data.self = path.slice(path.lastIndexOf('/') + 1);
  data.hostFolder = hostFolder(new URL(served.response.url));
  for (const { url } of page.browserResponses ?? []) {
    const { origin, protocol } = new URL(url);
    const folder = hostFolder(new URL(url));
    if (/^https?:$/.test(protocol) && folder !== data.hostFolder) (data.hosts ??= {})[folder] ??= origin;
  }
  if (ctx.sitePageList) data.site = true;
  const baseUrl = scan.baseHref && normalizeUrl(scan.baseHref, served.response.url);
  if (baseUrl) data.baseUrl = baseUrl;
  // Before the first module is resolved below: a module's bare imports (lit's '@lit/reactive-element')
  // go through the page's import map, which rewriteDocument reads only after them.
  ctx.importMap = readImportMaps(scan.inlineScripts, baseUrl || served.response.url);
  let replayBytes = await keepReadBack(page, data, MAX_REPLAY_BYTES);
  for (const url of page.moduleScripts ?? []) ctx.moduleScripts.add(url);
  await Promise.all(
    (page.browserResponses ?? []).map(async ({ key, method, url, type, response }) => {
      // A frame's live copy leaves the documents of the pages it is in alone (they are no frame of its own).
      if (type === 'document' && parents.has(url)) return;
      // A frame's document is saved as the render left it (rendered-frames.ts), or as its live
      // copy (liveFrames): a frame the page's script points at its address (Storybook's preview) loads that file.
      const frame = type === 'document' && url !== served.response.url && url !== page.response.url ? 'frame' : undefined;
      const liveFrame = frame && framePaths.get(url);
      if (liveFrame) {
        data.files[url] = relativeLink(path, liveFrame);
        return;
      }
      replayBytes += await keepResponse(ctx, page, path, data, { key, method, url, type, response }, MAX_REPLAY_BYTES - replayBytes, frame);
    }),
  );
  replayBytes += await replayNamedFragments(ctx, page, data, MAX_REPLAY_BYTES - replayBytes);
  // Modules the page loaded, also those it import()ed by an address it computed (a router's
  // page chunks), which no markup or import names: in the import map, found by address (data.modules).
  const loaded = await Promise.all((page.moduleScripts ?? []).map((url) => ctx.resolve({ url, kind: 'module', referrer: served.response.url, depth: 0 })));
  await keepLazyStyles(ctx, page, path, data.files);
  const sprites = await renderedSprites(ctx, page);
  if (sprites) data.sprites = sprites;
  if (page.browserFailures?.length) data.failed = [...page.browserFailures];
  if (page.renderedAt) data.time = Math.round(page.renderedAt);
  const route = routeOf(page.response.url);
  if (route) data.route = route;
  // The page itself, which a router that sees another address (the copy's) may ask about.
  data.responses[`HEAD ${data.base}`] ??= replayResponse(served.response.status, served.response.headers['content-type'], Buffer.alloc(0));
  if (page.workerScripts?.length) {
    await moduleLexerReady;
    data.scripts = workerScripts(page.workerScripts, page.browserResponses ?? [], MAX_REPLAY_BYTES - replayBytes);
  }
  const replayPath = ctx.paths.reserve(replayFile(path));
  const shared = replayLayerFile(data, Boolean(page.workerScripts?.length));
  ctx.paths.reserve(shared.path);
  const layer = `<script src="${relativeLink(path, replayPath)}"></script><script src="${relativeLink(path, shared.path)}"></script>`;
  // What the page's own scripts compare (a script's src as written) and which links lead to pages.
  const written = (ref: HtmlRef, value: string) => {
    if (ref.source !== 'attr' || !value) return;
    if (ref.kind === 'page') data.pages[value] = ref.url;
    else data.originals[value] ??= ref.url;
  };
  const modules = loaded.flatMap((outcome) => (outcome.ok ? [outcome.path] : []));
  let loadedModules: readonly string[] = [];
  const loads = (paths: readonly string[]) => (loadedModules = paths);
  const html = await rewriteDocument(ctx, served.response, served.document, path, 0, scan, { headHtml: layer, written, modules, loads, frames: framePaths });
  renderedLinks(ctx, page, path, data.pages);
  // The addresses of the modules in the page's import map (rewriteDocument waited for them).
  const keys = new Set(loadedModules.map(moduleKey));
  const known = [...ctx.moduleKeys].filter(([, key]) => keys.has(key));
  if (known.length > 0) data.modules = Object.fromEntries(known);
  if (known.length > 0 && ctx.importMap.size > 0) data.importMap = Object.fromEntries(ctx.importMap);
  return { html, replayPath, replay: Buffer.from(replayDataScript(data), 'utf8'), data, layer: shared, modules: loadedModules, frames };
}

/**
 * Keeps one of the page's recorded responses in its live copy at `path`: a file the page loaded
 * as one is saved (and found by address, `data.files`), an answer to its scripts goes into
 * `data.responses` while `bytesLeft` allows. The bytes of replay data it took.
 */
async function keepResponse(
  ctx: CaptureContext,
  page: LoadedPage,
  path: string,
  data: ReplayData,
  { key, method, url, type, response }: BrowserResponse,
  bytesLeft: number,
  frame?: ResourceKind,
): Promise<number> {
  const kind = frame ?? FILE_KINDS[type] ?? prefetchedKind(type, response.headers['content-type']);
  if (kind && method === 'GET') {
    // A classic script without a charset of its own is read in its page's encoding.
    const outcome = await ctx.resolve({ url, kind, referrer: data.base, depth: 0, encoding: page.served?.document?.encoding });
    if (outcome.ok) data.files[url] = outcome.dataUrl ?? relativeLink(path, outcome.path);
    // A script a worker loads with importScripts() is recorded as `other` too, and answered from the responses.
    if (type !== 'other' || !page.workerScripts?.length) return 0;
  }
  if (!REPLAYED.has(type)) return 0;
  // A HEAD (Next.js asks one before prefetching a route) needs its status and type only.
  const body = method === 'HEAD' ? Buffer.alloc(0) : response.body;
  if ((response.file && method !== 'HEAD') || body.length > bytesLeft) return 0;
  // Not for a page with workers: a worker's request is answered from its page's data only.
  if (body.length >= SHARED_BODY_BYTES && ctx.siteResponses?.has(key) && !page.workerScripts?.length) return 0;
  data.responses[key] = replayResponse(response.status, response.headers['content-type'], body);
  return body.length;
}

/**
 * The live copy of `page` at `path` with what its render recorded after the page was read
 * (LoadedPage.laterResponses: what its "more" buttons asked for), for its reader's own presses
 * offline: the same copy when there is nothing new.
 */
export async function withLaterResponses(ctx: CaptureContext, page: LoadedPage, path: string, live: LiveCopy): Promise<LiveCopy> {
  const later = (await page.laterResponses) ?? [];
  const data = live.data;
  let bytesLeft = MAX_REPLAY_BYTES - live.replay.length;
  let kept = 0;
  for (const response of later) {
    if (data.responses[response.key] || data.files[response.url]) continue;
    const bytes = await keepResponse(ctx, page, path, data, response, bytesLeft);
    bytesLeft -= bytes;
    kept++;
  }
  if (kept === 0) return live;
  return { ...live, replay: Buffer.from(replayDataScript(data), 'utf8') };
}

/**
 * Live copies of the page's frames of its own site whose documents run scripts: each the frame
 * as served with its own replay layer, on the page's recording (which holds what the frames
 * asked for too), at `<frame's snapshot path>.sitezip-live.html` beside the snapshot, so that
 * relative addresses resolve alike. A frame's own frames stay as the render left them.
 */
async function liveFrames(ctx: CaptureContext, page: LoadedPage): Promise<LiveFrame[]> {
  const own = ownDocuments(page);
  const frames: LiveFrame[] = [];
  for (const { url, response } of renderedFrames(page)) {
    if (frames.length >= MAX_LIVE_FRAMES) break;
    const served = servedFrame(ctx, response);
    if (!served?.document || !SCRIPT.test(served.document.html)) continue;
    // Its snapshot's place (the render's document, saved now as the snapshot would): the live copy goes beside it.
    const snapshot = await ctx.resolve({ url, kind: 'frame', referrer: page.response.url, depth: 0 });
    if (!snapshot.ok || snapshot.dataUrl) continue;
    const path = ctx.paths.reserve(`${snapshot.path}.sitezip-live.html`);
    const framePage: LoadedPage = { ...served, served, browserResponses: page.browserResponses, browserFailures: page.browserFailures, workerScripts: page.workerScripts, moduleScripts: page.moduleScripts, renderedAt: page.renderedAt };
    const copy = await liveCopyHtml(ctx, framePage, path, false, own);
    if (copy) frames.push({ url, path, copy });
  }
  return frames;
}

/** The page's own documents: the address it was asked for and the one that answered. */
function ownDocuments(page: LoadedPage): ReadonlySet<string> {
  return new Set([page.response.url, page.served?.response.url ?? page.response.url]);
}

/** The documents of the page's own site that its render loaded into frames, each once, in order. */
export function renderedFrames(page: LoadedPage): BrowserResponse[] {
  const { origin } = new URL(page.response.url);
  const seen = new Set(ownDocuments(page));
  return (page.browserResponses ?? []).filter(({ url, type, method }) => {
    if (type !== 'document' || method !== 'GET' || seen.has(url) || new URL(url).origin !== origin) return false;
    seen.add(url);
    return true;
  });
}

/** The frame's document as the browser got it, as a page; undefined when it is no page (an error, not HTML). */
function servedFrame(ctx: CaptureContext, response: BrowserResponse['response']): LoadedPage | undefined {
  try {
    return loadedPage(ctx, response);
  } catch {
    return undefined;
  }
}

/**
 * The sprite sheets the page's `<use>` elements named once rendered (a script made most of them),
 * by URL: a script of the live copy that makes them again finds them there (replay-sprites.ts).
 */
async function renderedSprites(ctx: CaptureContext, page: LoadedPage): Promise<Record<string, string> | undefined> {
  const rendered = renderedScan(page);
  if (!rendered) return undefined;
  const { scan, base } = rendered;
  const urls = new Set(scan.refs.flatMap((ref) => (ref.kind === 'sprite' ? [normalizeUrl(ref.url, base)] : [])).filter((url) => url !== undefined));
  await Promise.all([...urls].map((url) => ctx.resolve({ url, kind: 'sprite', referrer: page.response.url, depth: 0 })));
  const sheets = [...urls].flatMap((url) => {
    const sheet = ctx.sprites.get(url);
    return sheet === undefined ? [] : [[url, sheet] as const];
  });
  return sheets.length > 0 ? Object.fromEntries(sheets) : undefined;
}

/**
 * Links the page's scripts made (a client router's, which are not in the HTML as served), as
 * the snapshot writes them: a click on one to a captured page goes to its local copy too.
 */
function renderedLinks(ctx: CaptureContext, page: LoadedPage, path: string, pages: ReplayData['pages']): void {
  const rendered = renderedScan(page);
  if (!rendered) return;
  const { scan, base } = rendered;
  for (const ref of scan.refs) {
    if (ref.kind !== 'page') continue;
    const value = pageLink(ctx, path, ref, base);
    const url = normalizeUrl(ref.url, base);
    if (value !== undefined && url) pages[value] ??= url;
  }
}

/** The rendered DOM's scan, and the address its references resolve against (its `<base href>`, or where it was read). */
function renderedScan(page: LoadedPage): { scan: HtmlScan; base: string } | undefined {
  const scan = page.scan();
  if (!scan || scan instanceof HtmlTooComplexError) return undefined;
  return { scan, base: (scan.baseHref && normalizeUrl(scan.baseHref, page.response.url)) || page.response.url };
}

/**
 * The file of the page at `path`'s replay data: `sitezip-replay.js` beside an
 * `index.html`, `<name>.sitezip-replay.js` beside any other page (`a.html.sitezip-replay.js`), so that the pages of one folder
 * (`docs/a.html`, `docs/b.html`) do not claim one file (the second page failed: "duplicate archive path").
 */
export function replayFile(path: string): string {
  return path.replace(/[^/]*$/, (name) => `${name === 'index.html' ? '' : `${name}.`}sitezip-replay.js`);
}
