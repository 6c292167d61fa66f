import type { FetchedResource } from '../fetch/fetcher.js';
import { eachOnce, moduleImports, moduleLexerReady, rewriteModule, type ModuleImport } from '../parse/index.js';
import { resolveSpecifier } from '../resolve/import-map.js';
import { relativeLink, rootFolderFrom } from '../resolve/relative-path.js';
import { saveShared, type CaptureContext, type Outcome } from './context.js';
import { liveScript } from './live-script.js';
import { patchRuntime } from './runtime-patches.js';

/**
 * Why modules are inlined: Chromium fetches module scripts with CORS, and a page opened from
 * file:// has an opaque origin, so `<script type=module src=x.js>` and every `import` fail.
 * Each module is kept under a stable key of an import map, and imports are rewritten to those
 * keys: one module instance per URL (as online), cycles allowed. The map's values are blob: URLs
 * the page makes of the modules' text as it opens (importMapScript).
 */
export function moduleKey(path: string): string {
  return `@sitezip/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** A tiny module script that loads the module at `path` through the import map. */
export function moduleEntry(path: string): string {
  return `data:text/javascript,import${encodeURIComponent(JSON.stringify(moduleKey(path)))};`;
}

/**
 * The classic script that holds a module's text: it registers `[type, text]` under the module's
 * key for the page's loader (MODULE_LOADER) to make a blob: URL of. A file of its own, not text in
 * every page: a mirror's pages load the same framework and shared chunks, and each page carried
 * them all (a 300-page module site: 1 MB a page, 164 MB in all). A classic script loads from
 * file://, where a module script does not. (JSON and CSS modules are checked for their type.)
 */
function registration(key: string, mimeType: string, code: string): string {
  const type = mimeType === 'application/json' || mimeType === 'text/css' ? mimeType : 'text/javascript';
  return `(self.${REGISTRY}||(self.${REGISTRY}={}))[${JSON.stringify(key)}]=${JSON.stringify([type, code])};\n`;
}

const REGISTRY = '__SITEZIP_MODULES__';

/** Where a module's registration is saved: apart from the copy's site folders, `.js` so that file:// serves it as a script. */
export function registrationPath(path: string): string {
  return `${MODULES_FOLDER}${path}${/\.js$/i.test(path) ? '' : '.js'}`;
}

export const MODULES_FOLDER = 'sitezip-modules/';

/**
 * Fetches what a module imports (once each) and returns their outcomes by specifier. What only an
 * `import()` names is asked as a guess: the module loads it when its code runs there, and a file
 * the site never built is no failure of the copy (Observable Framework's standard library names
 * 20 libraries a site that uses none of them does not have).
 */
export async function resolveImports(
  ctx: CaptureContext,
  imports: readonly ModuleImport[],
  parentUrl: string,
  depth: number,
): Promise<Map<string, Outcome>> {
  const entries = await Promise.all(
    eachOnce(imports).map(async ({ specifier, dynamic }) => {
      const url = resolveSpecifier(specifier, parentUrl, ctx.importMap);
      if (!url || !/^https?:/.test(url)) return undefined;
      const outcome = await ctx.resolve({ url: url.replace(/#.*$/, ''), kind: 'module', referrer: parentUrl, depth, ...(dynamic ? { guess: true } : {}) });
      return [specifier, outcome] as const;
    }),
  );
  return new Map(entries.filter((e) => e !== undefined));
}

/**
 * Rewrites a module's imports to import-map keys; failed imports keep no live URL. An `import()`
 * of an address the module computes (VitePress's page components, a router's lazy routes) asks
 * the live copy's replay layer for the key of the module at that address, resolved against the
 * module's `onlineUrl`; without the layer it imports what it computed.
 */
export function linkImports(code: string, imports: ReadonlyMap<string, Outcome>, importMetaUrl?: string, onlineUrl?: string): string {
  return rewriteModule(code, {
    map: (specifier) => {
      const outcome = imports.get(specifier);
      if (!outcome) return undefined;
      return outcome.ok ? moduleKey(outcome.path) : '@sitezip/failed';
    },
    ...(importMetaUrl ? { importMetaUrl } : {}),
    ...(onlineUrl ? { computedImport: `((s)=>{const m=globalThis.__SITEZIP_MODULE__;return m?m(s,${JSON.stringify(onlineUrl)}):s})` } : {}),
  });
}

export async function processModule(ctx: CaptureContext, resource: FetchedResource, path: string, depth: number): Promise<void> {
  await moduleLexerReady;
  const code = resource.body.toString('utf8');
  const isJs = resource.mimeType !== 'application/json' && resource.mimeType !== 'text/css';
  const imports = isJs ? await resolveImports(ctx, moduleImports(code), resource.url, depth) : new Map();
  // import.meta.url must stay a hierarchical URL for `new URL('./x', import.meta.url)` to work.
  const here = `new URL(${JSON.stringify(relativeLink('index.html', path))}, ${COPY_ROOT}).href`;
  // Address reads are found in the code as served (prepared during the render: live-script.ts), then imports linked.
  const source = isJs && ctx.liveScripts ? await liveScript(code, true) : patchRuntime(code);
  // Its computed import()s go through the copy's layer, if it has one (a live copy's, or the Pagefind side of a static copy's).
  const linked = isJs ? linkImports(source, imports, here, resource.url) : code;
  const key = moduleKey(path);
  const file = ctx.paths.reserve(registrationPath(path));
  const imported = [...imports.values()].flatMap((outcome) => (outcome.ok ? [outcome.path] : []));
  // Carried over by a resumed crawl: saved already.
  const text = ctx.sharedFiles.has(file) ? undefined : Buffer.from(registration(key, resource.mimeType, linked), 'utf8');
  ctx.modules.set(path, { file, imports: imported, text });
  ctx.moduleKeys.set(resource.url, key);
}

/** The import map's key for the copy's root folder, which each page writes relative to itself. */
const ROOT_KEY = 'sitezip:root';
/**
 * The copy's root folder, as the page a module runs in finds it (its import map's ROOT_KEY): a
 * mirror's pages share one module text, and one resolved against the page's own address put a
 * page in a folder's chunks and styles in a folder under it. Without the key (another page's
 * import map), the page's address, as for the start page.
 */
const COPY_ROOT = `(()=>{try{return import.meta.resolve(${JSON.stringify(ROOT_KEY)})}catch(e){return typeof document<"u"?document.baseURI:self.location.href}})()`;

/**
 * Makes the import map as the page opens, once the module files before it have registered their
 * text: a blob: URL of each, then the map inserted after this script, before any module script
 * is parsed. Not data: URLs, which the map held first: Chromium took 13 s to load mermaid's 2 MB
 * layout module from one (56 s on a loaded machine), 1.3 s from a blob (Firefox: 2.4 s and 1.1 s).
 * Our elements leave the document once the map is in, and the registry leaves the window.
 */
/** Marks the loader's script: the replay layer keeps no text of the Blobs it makes (replay-workers.ts). */
export const LOADER_ATTRIBUTE = 'data-sitezip-loader';

const MODULE_LOADER = `(function(root){var own=document.currentScript,r=self.${REGISTRY}||{},imports={};imports[root[0]]=root[1];\
for(var key in r){imports[key]=URL.createObjectURL(new Blob([r[key][1]],{type:r[key][0]}))}\
try{delete self.${REGISTRY}}catch(e){}\
var map=document.createElement("script");map.type="importmap";map.textContent=JSON.stringify({imports:imports});\
own.after(map);document.querySelectorAll("script[data-sitezip-module]").forEach(function(s){s.remove()});own.remove()})`;

/**
 * The modules a page loads: those `roots` name (its module scripts, a render's recorded
 * modules...) and all they import, by path, in a stable order. Not every module of the capture:
 * a page never imports another page's chunk itself (a click on a link loads that page's file).
 */
export function moduleClosure(ctx: CaptureContext, roots: Iterable<string>): string[] {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length > 0) {
    const path = todo.pop()!;
    const module = ctx.modules.get(path);
    if (!module || seen.has(path)) continue;
    seen.add(path);
    todo.push(...module.imports);
  }
  return [...seen].sort();
}

/** Saves the registrations of the modules at `paths` (see moduleClosure) that no saved page loaded before. */
export async function saveModules(ctx: CaptureContext, paths: readonly string[]): Promise<void> {
  await Promise.all(
    paths.map((path) => {
      const module = ctx.modules.get(path);
      // Its text leaves memory once saved.
      const text = () => {
        const text = module!.text!;
        module!.text = undefined;
        return text;
      };
      return module && saveShared(ctx, module.file, text);
    }),
  );
}

/** The markup that gives the page at `pagePath` its import map of the modules at `paths` (see moduleClosure). */
export function importMapScript(ctx: CaptureContext, pagePath: string, paths: readonly string[]): string {
  // relativeLink percent-encodes each segment: no quote or ampersand is left to escape.
  const files = paths.map((path) => `<script src="${relativeLink(pagePath, ctx.modules.get(path)!.file)}" data-sitezip-module></script>`);
  const root = JSON.stringify([ROOT_KEY, rootFolderFrom(pagePath)]);
  return `${files.join('')}<script ${LOADER_ATTRIBUTE}>${MODULE_LOADER}(${root})</script>`;
}
