import { posix } from 'node:path';
import { ACCEPT } from '../fetch/accept.js';
import { escapeAttribute } from '../parse/html-edits.js';
import { normalizeUrl } from '../resolve/normalize-url.js';
import { relativeLink, rootFolderFrom } from '../resolve/relative-path.js';
import { trace } from '../trace.js';
import { save, saveShared, type CaptureContext } from './context.js';
import { namesPagefind, pagefindFolders, pagefindFragmentUrl, pagefindMetaFiles, readPagefindEntry, type PagefindBundle, type PagefindState } from './pagefind-index.js';
import { moduleKey } from './process-module.js';
import { PAGEFIND_CONFIG_ATTRIBUTE, PAGEFIND_REGISTRY, PAGEFIND_SCRIPT_PATH, PAGEFIND_SOURCE } from './replay-pagefind.js';

// A capture's Pagefind bundles (pagefind-index.ts says why): found from the pages and scripts
// that name Pagefind, each fetched whole once per capture through the capture's fetcher, its
// files written into one data file at the end (when a mirror knows where each indexed page is),
// and a page that names Pagefind given the copy's side (replay-pagefind.ts) and `pagefind.js`
// in its import map.

/** Files of a bundle fetched at most: a site of ~4,000 pages (a fragment each). */
const MAX_FILES = 5_000;
/** Bytes of a bundle at most (its files as served, mostly gzipped). */
const MAX_BYTES = 48 * 1024 * 1024;
/** Of a bundle's files, fetched at once. */
const AT_ONCE = 8;
/** Below the page's own resources (images are 1). */
const PRIORITY = 0;

function stateOf(ctx: CaptureContext): PagefindState {
  return (ctx.pagefind ??= { bundles: new Map(), naming: new Set() });
}

/**
 * A script or module of the capture (at `path` in the copy, fetched from `url`): when it names
 * Pagefind, the bundles it names are fetched, and the pages that load it get the copy's side.
 */
export function noteScriptNamingPagefind(ctx: CaptureContext, text: string | Buffer, url: string, path: string): void {
  if (!namesPagefind(text)) return;
  stateOf(ctx).naming.add(path);
  // A relative folder in a script is the site's, not the script's folder's.
  for (const folder of pagefindFolders(text.toString(), new URL('/', url).href)) bundleAt(ctx, folder, url);
}

function bundleAt(ctx: CaptureContext, base: string, referrer: string): Promise<PagefindBundle | undefined> {
  const { bundles } = stateOf(ctx);
  let bundle = bundles.get(base);
  if (!bundle) {
    bundle = fetchBundle(ctx, base, referrer).catch((error: unknown) => {
      trace(`pagefind: ${base} failed: ${String(error)}`);
      return undefined;
    });
    bundles.set(base, bundle);
  }
  return bundle;
}

async function fetchBundle(ctx: CaptureContext, base: string, referrer: string): Promise<PagefindBundle | undefined> {
  const get = (name: string) =>
    ctx.scheduler
      .run(base, PRIORITY, () => ctx.fetcher.fetch(base + name, { signal: ctx.signal, referrer, accept: ACCEPT.any }))
      .then((response) => (response.status === 200 && !response.file ? response : undefined))
      .catch(() => undefined);
  const entryFile = await get('pagefind-entry.json');
  const entry = entryFile && readPagefindEntry(entryFile.body);
  if (!entryFile || !entry) return undefined;
  const files = new Map<string, { type: string; body: Buffer }>();
  let bytes = entryFile.body.length;
  files.set('pagefind-entry.json', { type: 'application/json', body: entryFile.body });
  const fetchAll = async (names: string[]) => {
    const todo = names.filter((name) => !files.has(name));
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        for (let name = todo.shift(); name !== undefined && !ctx.signal.aborted; name = todo.shift()) {
          const response = await get(name);
          if (!response || bytes + response.body.length > MAX_BYTES) continue;
          bytes += response.body.length;
          files.set(name, { type: response.mimeType || 'application/octet-stream', body: response.body });
        }
      }),
    );
  };
  const metas = entry.languages.map(({ hash }) => `pagefind.${hash}.pf_meta`);
  const wasms = new Set([...entry.languages.flatMap(({ wasm }) => (wasm ? [`wasm.${wasm}.pagefind`] : [])), 'wasm.unknown.pagefind']);
  await fetchAll([...metas, ...wasms]);
  const named = [...new Set(metas.flatMap((meta) => pagefindMetaFiles(files.get(meta)?.body ?? Buffer.alloc(0))))];
  if (named.length + files.size > MAX_FILES) {
    trace(`pagefind: ${base} has ${named.length} files, more than ${MAX_FILES}: left out`);
    return undefined;
  }
  const module = await ctx.resolve({ url: `${base}pagefind.js`, kind: 'module', referrer, depth: 0 });
  // The rest comes while pages go on: a page needs only to know the bundle is there.
  const complete = fetchAll(named).then(() => {
    const missing = named.filter((name) => !files.has(name)).length;
    if (missing > 0) trace(`pagefind: ${base}: ${missing} files missing`);
  });
  const folder = new URL(base);
  const data = ctx.paths.reserve(`sitezip-pagefind/${folder.host.replace(/:/g, '_')}${folder.pathname.replace(/\/$/, '')}.js`);
  return { base, files, complete, module: module.ok ? module.path : undefined, data };
}

/**
 * What a page that names Pagefind (in its markup, or a script or module it loads: `loads`, by
 * path) gets: the copy's side as markup for its head, and the modules its import map needs.
 */
export async function pagefindForPage(
  ctx: CaptureContext,
  html: string,
  pageUrl: string,
  path: string,
  loads: readonly string[],
): Promise<{ headHtml: string; modules: string[] } | undefined> {
  const inMarkup = namesPagefind(html);
  if (inMarkup) for (const folder of pagefindFolders(html, pageUrl)) bundleAt(ctx, folder, pageUrl);
  const state = ctx.pagefind;
  if (!state || !(inMarkup || loads.some((loaded) => state.naming.has(loaded)))) return undefined;
  const bundles = (await Promise.all(state.bundles.values())).filter((bundle) => bundle !== undefined);
  if (bundles.length === 0) return undefined;
  await savePagefindScript(ctx);
  const config = {
    page: pageUrl,
    root: rootFolderFrom(path),
    bundles: bundles.map((bundle) => ({
      dir: new URL(bundle.base).pathname,
      data: bundle.data,
      module: bundle.module && moduleKey(bundle.module),
      // The site's root online, and its folder in the copy (where the bundle's folder is, one up).
      online: new URL('../', bundle.base).href,
      site: bundle.module && posix.dirname(posix.dirname(bundle.module)) + '/',
    })),
  };
  return {
    headHtml: `<script src="${relativeLink(path, PAGEFIND_SCRIPT_PATH)}" ${PAGEFIND_CONFIG_ATTRIBUTE}="${escapeAttribute(JSON.stringify(config))}"></script>`,
    modules: bundles.flatMap((bundle) => (bundle.module ? [bundle.module] : [])),
  };
}

/** The copy's side of the search, which pages naming Pagefind load (an update's reused pages too). */
export function savePagefindScript(ctx: CaptureContext): Promise<void> {
  return saveShared(ctx, PAGEFIND_SCRIPT_PATH, () => Buffer.from(PAGEFIND_SOURCE, 'utf8'));
}

/** Writes each bundle's data file, once the capture knows which of its pages the copy has. */
export async function savePagefind(ctx: CaptureContext): Promise<void> {
  if (!ctx.pagefind || !ctx.sharedFiles.has(PAGEFIND_SCRIPT_PATH)) return;
  for (const bundle of await Promise.all(ctx.pagefind.bundles.values())) {
    if (!bundle) continue;
    await bundle.complete;
    const pages: Record<string, string> = {};
    for (const url of indexedPages(bundle)) {
      // Pagefind indexes the built files (`/guides/api.html`); the site may serve and link them without `.html`, or `index.html`.
      const variants = addressVariants(url);
      const local = variants.map((variant) => localPage(ctx, variant)).find((path) => path !== undefined);
      // '' for a page the copy does not have: its hit leads online.
      for (const variant of variants) pages[variant] = local ?? '';
    }
    const files = Object.fromEntries(byName(bundle).map(([name, { type, body }]) => [name, [type, body.toString('base64')]]));
    const json = JSON.stringify({ files, pages }).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
    await save(ctx, bundle.data, Buffer.from(`(self.${PAGEFIND_REGISTRY}||(self.${PAGEFIND_REGISTRY}={}))[${JSON.stringify(bundle.data)}]=${json};\n`, 'utf8'), true);
  }
}

/** A bundle's files by name: they came in any order, and a resumed crawl writes the data file an uninterrupted one does. */
function byName(bundle: PagefindBundle): [string, { type: string; body: Buffer }][] {
  return [...bundle.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The addresses online of the pages a bundle's fragments are of. */
function indexedPages(bundle: PagefindBundle): string[] {
  return byName(bundle).flatMap(([name, { body }]) => {
    const url = name.startsWith('fragment/') ? pagefindFragmentUrl(body) : undefined;
    // Pagefind's addresses are from the site's root, where the bundle's folder is.
    return url === undefined ? [] : [new URL(url.replace(/^\/+/, ''), new URL('../', bundle.base)).href.split('#')[0]!];
  });
}

function localPage(ctx: CaptureContext, url: string): string | undefined {
  const normal = normalizeUrl(url, url);
  return normal && (ctx.pageUrls.has(normal) ? 'index.html' : ctx.sitePages?.(normal));
}

/** A page's address as indexed, and as a site serving it may have it: without `.html` or `index.html`, with or without its last slash. */
function addressVariants(url: string): string[] {
  const bare = url.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  const other = bare.endsWith('/') ? bare.replace(/\/$/, '') : `${bare}/`;
  return [...new Set([url, bare, ...(new URL(other).pathname === '' ? [] : [other])])];
}
