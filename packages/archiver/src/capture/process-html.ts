import type { FetchedResource } from '../fetch/fetcher.js';
import {
  findHtmlRefs,
  moduleImports,
  HtmlTooComplexError,
  moduleLexerReady,
  rewriteHtml,
  type HtmlRef,
  type HtmlScan,
  type InlineScript,
  type RewriteHtmlOptions,
} from '../parse/index.js';
import { escapeAttribute } from '../parse/html-edits.js';
import { parseImportMap } from '../resolve/import-map.js';
import { normalizeUrl, fragmentOf } from '../resolve/normalize-url.js';
import { relativeLink, rootFolderFrom } from '../resolve/relative-path.js';
import { drain, save, type CaptureContext } from './context.js';
import { declareUtf8Html, decodeDocument, type DecodedDocument } from './encoding.js';
import { OFFLINE_GUARD_PATH, saveOfflineGuard } from './offline-guard.js';
import { pagefindForPage } from './pagefind.js';
import { SITE_ATTRIBUTE } from './static-site-answers.js';
import { LINK_GUARD_SCRIPT, routesLinks } from './link-guard.js';
import { readLocationThroughLayer } from './location-reads.js';
import { importMapScript, linkImports, moduleClosure, moduleEntry, MODULES_FOLDER, resolveImports, saveModules } from './process-module.js';
import { failedCssLink, linkFor, resolveRefs, type FoundRef, type Outcomes } from './resolve-refs.js';
import { saveAsDownloaded, scanDocument } from './scan-document.js';
import { SpriteInliner } from './sprites.js';
import { startPageHomeScript } from './start-page-home.js';

/**
 * Keeps a saved page from reaching the network when opened (privacy, and proof that the
 * copy is complete): only the archive's own files and inline content may load.
 */
export const OFFLINE_CSP = "default-src 'self' file: data: blob: 'unsafe-inline' 'unsafe-eval'";

/**
 * Captures one HTML document: fetches what it references, rewrites references to relative
 * paths (links to other pages become absolute), removes what breaks offline, saves it.
 * Returns a note when the document was beyond parsing and saved as downloaded instead.
 */
export async function processDocument(
  ctx: CaptureContext,
  resource: FetchedResource,
  document: DecodedDocument,
  path: string,
  depth: number,
  scanned: HtmlScan | HtmlTooComplexError = scanDocument(ctx, document),
): Promise<string | undefined> {
  if (scanned instanceof HtmlTooComplexError) return saveAsDownloaded(ctx, path, document, OFFLINE_CSP, scanned.message);
  await save(ctx, path, Buffer.from(await rewriteDocument(ctx, resource, document, path, depth, scanned), 'utf8'), true);
  return undefined;
}

/**
 * A document as it would be saved at `path` (its resources fetched and saved), without saving
 * it: render mode makes two copies of a page and keeps the one that passes its self-check.
 * `live` is a live copy's: its `headHtml` goes first in `<head>` (the replay layer's script);
 * `written` hears of each reference rewritten, with the value written in its place (the layer
 * tells scripts the original); `modules` are the paths of the modules the page loaded, also those
 * its markup does not name (a router's chunk import()ed by a computed address), which then get
 * the import map too; `loads` hears which modules the page's import map holds.
 */
export async function rewriteDocument(
  ctx: CaptureContext,
  resource: FetchedResource,
  document: DecodedDocument,
  path: string,
  depth: number,
  scan: HtmlScan,
  live:
    | {
        headHtml: string;
        written: (ref: HtmlRef, value: string) => void;
        modules: readonly string[];
        loads: (modules: readonly string[]) => void;
        /** Frames by URL that load a live copy of their own (live-copy.ts liveFrames), at its path. */
        frames?: ReadonlyMap<string, string>;
      }
    | undefined = undefined,
): Promise<string> {
  // A live copy's layer takes link clicks itself; a page saved as served whose router would take them gets the guard.
  const headHtml = live ? live.headHtml : routesLinks(document.html) ? LINK_GUARD_SCRIPT : '';
  const written = live?.written;
  const base = (scan.baseHref && normalizeUrl(scan.baseHref, resource.url)) || resource.url;
  // Modules, and classic scripts that import() (their imports go through the import map too).
  const inlineModules = scan.inlineScripts.filter((s) => s.type === 'module' || s.type === 'classic');
  if (depth === 0) ctx.importMap = readImportMaps(scan.inlineScripts, base);
  const assets: FoundRef[] = scan.refs.flatMap(({ url, kind }) => (kind === 'page' ? [] : [{ url, kind }]));
  await moduleLexerReady;
  const [outcomes, inlineImports] = await Promise.all([
    resolveRefs(ctx, assets, base, resource.url, depth, document.encoding),
    resolveImports(ctx, inlineModules.flatMap((s) => moduleImports(s.text)), base, depth),
  ]);
  // The modules the page loads: its module scripts and preloads, its inline scripts' imports, its
  // classic scripts' import()s (a live copy's), and those its render saw it load (`live.modules`).
  const roots = new Set(live?.modules);
  const scripts: string[] = [];
  for (const outcome of inlineImports.values()) if (outcome.ok) roots.add(outcome.path);
  for (const ref of scan.refs) {
    const outcome = (ref.kind === 'module' || ref.kind === 'script') && outcomes.of(ref.url);
    if (!outcome || !outcome.ok) continue;
    if (ref.kind === 'module') roots.add(outcome.path);
    else {
      scripts.push(outcome.path);
      for (const path of ctx.scriptModules.get(outcome.path) ?? []) roots.add(path);
    }
  }
  let usesModules = inlineModules.length > 0 || roots.size > 0 || scan.refs.some((ref) => ref.kind === 'module');
  const home = !live && path === START_PAGE && hasClassicScripts(scan) ? startPageHomeScript(resource.url, copyFolders(assets, outcomes)) : '';
  // A static copy that keeps scripts fails, before they ask, what its CSP refuses (offline-guard.ts).
  const guarded = !live && (usesModules || scan.refs.some((ref) => ref.kind === 'script') || RUNS_SCRIPT.test(document.html));
  if (guarded) await saveOfflineGuard(ctx);
  const guard = guarded ? `<script src="${relativeLink(path, OFFLINE_GUARD_PATH)}"${siteAnswers(ctx, resource.url, path)}></script>` : '';
  if (usesModules) await drain(ctx, ctx.moduleTasks);
  let modules = usesModules ? moduleClosure(ctx, roots) : [];
  // A page whose search is Pagefind's gets the copy's side of it, and `pagefind.js` in its import map (pagefind.ts).
  const pagefind = await pagefindForPage(ctx, document.html, resource.url, path, [...modules, ...scripts]);
  if (pagefind && pagefind.modules.length > 0) {
    for (const module of pagefind.modules) roots.add(module);
    usesModules = true;
    await drain(ctx, ctx.moduleTasks);
    modules = moduleClosure(ctx, roots);
  }
  // A live copy's modules are saved with it, if it is kept (rendered-page.ts).
  if (live) live.loads(modules);
  else await saveModules(ctx, modules);
  const sprites = new SpriteInliner(ctx, base);
  const options: RewriteHtmlOptions = {
    // Lets the rewrite revisit the elements with references instead of parsing the page again.
    scan,
    charset: 'utf-8',
    csp: OFFLINE_CSP,
    ...(usesModules || headHtml || home || guard || pagefind
      ? { headHtml: guard + home + headHtml + (pagefind?.headHtml ?? '') + (usesModules ? importMapScript(ctx, path, modules) : '') }
      : {}),
    map: (ref) => {
      const value = mapRef(ref);
      if (written && value !== undefined && value !== ref.url) written(ref, value);
      return value;
    },
    // Our import map replaces the page's own: its entries were folded into the module keys.
    inlineScript: (script) => {
      if (script.type === 'importmap') return usesModules ? null : undefined;
      // An event handler's code (`onclick="location.href = '/about'"`) runs as a function's body.
      if (script.type === 'handler') return ctx.liveScripts ? readLocationThroughLayer(script.text, false) : undefined;
      const imports = script.type === 'module' || /\bimport\s*\(/.test(script.text);
      const linked = imports ? linkImports(script.text, inlineImports, 'document.baseURI', ctx.liveScripts ? base : undefined) : script.text;
      return ctx.liveScripts ? readLocationThroughLayer(linked, script.type === 'module') : linked;
    },
  };
  function mapRef(ref: HtmlRef): string | undefined {
    if (ref.kind === 'page') return pageLink(ctx, path, ref, base);
    const liveFrame = ref.kind === 'frame' && live?.frames?.size ? live.frames.get(normalizeUrl(ref.url, base) ?? '') : undefined;
    if (liveFrame) return relativeLink(path, liveFrame);
    if (ref.kind === 'sprite') return sprites.link(ref.url) ?? linkFor(path, ref.url, outcomes);
    if (ref.kind !== 'module') return linkFor(path, ref.url, outcomes, ref.source === 'css' ? failedCssLink(ref.kind) : undefined);
    const outcome = outcomes.of(ref.url);
    return outcome && (outcome.ok ? moduleEntry(outcome.path) : '');
  }
  // The sprites used are known once every reference was mapped: rewrite, then add them if any.
  let rewritten = rewriteHtml(document.html, options);
  const spriteMarkup = sprites.markup();
  if (spriteMarkup) rewritten = rewriteHtml(document.html, { ...options, bodyHtml: spriteMarkup });
  return document.encoding === 'utf-8' ? rewritten : declareUtf8Html(rewritten);
}

// A script element that runs (no type, or not a data block's): an inline one is in the scan only
// when it imports or reads the page's address, and an analytics snippet does neither.
/**
 * In a site capture that renders, a static page's guard answers its scripts' fetches of the site
 * from what the mirror's live pages recorded (static-site-answers.ts): the attribute that says
 * where the page is online and where the copy's root is.
 */
function siteAnswers(ctx: CaptureContext, pageUrl: string, path: string): string {
  if (!ctx.siteResponses) return '';
  return ` ${SITE_ATTRIBUTE}="${escapeAttribute(JSON.stringify({ page: pageUrl, root: rootFolderFrom(path) }))}"`;
}

const RUNS_SCRIPT = /<script\b(?![^>]{0,2000}\btype\s*=\s*["']?(?:application\/(?:ld\+)?json|text\/(?:template|x-template|html|plain)|importmap|speculationrules)\b)/i;

/** Where the capture saves the page it was asked for: the copy's top folder (see start-page-home.ts). */
const START_PAGE = 'index.html';

function hasClassicScripts(scan: HtmlScan): boolean {
  return scan.refs.some((ref) => ref.kind === 'script') || scan.inlineScripts.some((script) => script.type === 'classic');
}

/** The top folders of the copy that the page's saved references are in. */
function copyFolders(assets: readonly FoundRef[], outcomes: Outcomes): string[] {
  const folders = new Set([MODULES_FOLDER.slice(0, -1)]);
  for (const { url } of assets) {
    const outcome = outcomes.of(url);
    if (outcome?.ok) folders.add(outcome.path.split('/')[0]!);
  }
  return [...folders];
}

/** The page's import maps (`<script type="importmap">`, in order), merged. */
export function readImportMaps(scripts: readonly InlineScript[], base: string): Map<string, string> {
  const merged = new Map<string, string>();
  for (const script of scripts) {
    if (script.type === 'importmap') for (const [key, value] of parseImportMap(script.text, base)) merged.set(key, value);
  }
  return merged;
}

/** Links to pages: the captured page itself stays local, every other page becomes absolute. */
export function pageLink(ctx: CaptureContext, fromPath: string, ref: HtmlRef, base: string): string | undefined {
  const raw = ref.url.trim();
  if (raw.startsWith('#')) return undefined;
  const url = normalizeUrl(raw, base);
  if (!url) return undefined;
  const local = ctx.pageUrls.has(url) ? 'index.html' : ctx.sitePages?.(url);
  if (local) return relativeLink(fromPath, local) + fragmentOf(raw);
  return new URL(raw, base).href;
}

/**
 * An SVG document keeps its own references (image, use, feImage hrefs, styles): the HTML
 * parser locates them in SVG markup too, and only their values are spliced, so the XML stays
 * as it was.
 */
export async function processSvgDocument(ctx: CaptureContext, resource: FetchedResource, path: string, depth: number): Promise<void> {
  const text = resource.body.toString('utf8');
  const scan = findHtmlRefs(text);
  const assets: FoundRef[] = scan.refs.flatMap(({ url, kind }) => (kind === 'page' ? [] : [{ url, kind }]));
  const outcomes = await resolveRefs(ctx, assets, resource.url, resource.url, depth);
  const rewritten = rewriteHtml(text, { scan, map: (ref) => (ref.kind === 'page' ? undefined : linkFor(path, ref.url, outcomes)) });
  await save(ctx, path, Buffer.from(rewritten, 'utf8'), true);
}

/** A frame's document, saved at `path`; in a site capture its page links are the crawl's too (CaptureContext.frameLinks). */
export async function processFrame(ctx: CaptureContext, resource: FetchedResource, path: string, depth: number, referrer: string): Promise<string | undefined> {
  const document = decodeDocument(resource);
  const scan = scanDocument(ctx, document);
  if (ctx.frameLinks && !(scan instanceof HtmlTooComplexError)) ctx.frameLinks(scan, resource.url, referrer);
  return processDocument(ctx, resource, document, path, depth, scan);
}
