import type { FetchedResource } from '../fetch/fetcher.js';
import { findModuleImports, moduleLexerReady, rewriteModule } from '../parse/index.js';
import { resolveSpecifier } from '../resolve/import-map.js';
import { relativeLink, rootFolderFrom } from '../resolve/relative-path.js';
import type { CaptureContext, Outcome } from './context.js';
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
 * A module's entry in a page's module block: `[type, text]` as JSON, `<` escaped so that no
 * `</script>` ends the block early. Made once: every page of a mirror carries it. (JSON and CSS
 * modules are checked for their type.)
 */
function blockEntry(mimeType: string, code: string): string {
  const type = mimeType === 'application/json' || mimeType === 'text/css' ? mimeType : 'text/javascript';
  return JSON.stringify([type, code]).replace(/</g, '\\u003c');
}

/** Fetches what a module imports (once each) and returns their outcomes by specifier. */
export async function resolveImports(
  ctx: CaptureContext,
  specifiers: readonly string[],
  parentUrl: string,
  depth: number,
): Promise<Map<string, Outcome>> {
  const entries = await Promise.all(
    [...new Set(specifiers)].map(async (specifier) => {
      const url = resolveSpecifier(specifier, parentUrl, ctx.importMap);
      if (!url || !/^https?:/.test(url)) return undefined;
      const outcome = await ctx.resolve({ url: url.replace(/#.*$/, ''), kind: 'module', referrer: parentUrl, depth });
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
  const imports = isJs ? await resolveImports(ctx, findModuleImports(code), resource.url, depth) : new Map();
  // import.meta.url must stay a hierarchical URL for `new URL('./x', import.meta.url)` to work.
  const here = `new URL(${JSON.stringify(relativeLink('index.html', path))}, ${COPY_ROOT}).href`;
  // Address reads are found in the code as served (prepared during the render: live-script.ts), then imports linked.
  const source = isJs && ctx.liveScripts ? await liveScript(code, true) : patchRuntime(code);
  const linked = isJs ? linkImports(source, imports, here, ctx.liveScripts ? resource.url : undefined) : code;
  ctx.modules.set(moduleKey(path), blockEntry(resource.mimeType, linked));
  ctx.moduleKeys.set(resource.url, moduleKey(path));
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
 * Makes the import map as the page opens: a blob: URL of each module's text (in the JSON block
 * just before it), then the map inserted after this script, before any module script is parsed. Not
 * data: URLs, which the map held first: Chromium took 13 s to load mermaid's 2 MB layout
 * module from one (56 s on a loaded machine), 1.3 s from a blob (Firefox: 2.4 s and 1.1 s).
 * Both of our elements leave the document once the map is in.
 */
const MODULE_LOADER = `(function(){var own=document.currentScript,block=own.previousElementSibling;\
var data=JSON.parse(block.textContent),imports={};imports[data.root[0]]=data.root[1];\
for(var key in data.modules){var m=data.modules[key];imports[key]=URL.createObjectURL(new Blob([m[1]],{type:m[0]}))}\
var map=document.createElement("script");map.type="importmap";map.textContent=JSON.stringify({imports:imports});\
own.after(map);block.remove();own.remove()})()`;

/** The markup that gives the page at `pagePath` its import map of every module captured so far. */
export function importMapScript(ctx: CaptureContext, pagePath: string): string {
  const modules = [...ctx.modules].sort(([a], [b]) => a.localeCompare(b)).map(([key, entry]) => `${JSON.stringify(key)}:${entry}`);
  const root = JSON.stringify([ROOT_KEY, rootFolderFrom(pagePath)]);
  return `<script type="application/json">{"root":${root},"modules":{${modules.join(',')}}}</script><script>${MODULE_LOADER}</script>`;
}
