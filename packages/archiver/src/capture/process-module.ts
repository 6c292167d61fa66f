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
 * data: URLs are exempt. Each module becomes a data: URL under a stable key in an import map,
 * and imports are rewritten to those keys: one module instance per URL (as online), cycles
 * allowed, and no nesting of data: URLs inside data: URLs.
 */
export function moduleKey(path: string): string {
  return `@sitezip/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** A tiny module script that loads the module at `path` through the import map. */
export function moduleEntry(path: string): string {
  return `data:text/javascript,import${encodeURIComponent(JSON.stringify(moduleKey(path)))};`;
}

function dataUrl(mimeType: string, code: string): string {
  const type = mimeType === 'application/json' || mimeType === 'text/css' ? mimeType : 'text/javascript';
  return `data:${type};charset=utf-8;base64,${Buffer.from(code, 'utf8').toString('base64')}`;
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
  ctx.modules.set(moduleKey(path), dataUrl(resource.mimeType, linked));
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

/** The `<script type="importmap">` holding every module captured so far, for the page at `pagePath`. */
export function importMapScript(ctx: CaptureContext, pagePath: string): string {
  const root = rootFolderFrom(pagePath);
  const sorted = Object.fromEntries([...ctx.modules].sort(([a], [b]) => a.localeCompare(b)));
  const imports = { ...sorted, [ROOT_KEY]: root };
  const json = JSON.stringify({ imports }).replace(/</g, '\\u003c');
  return `<script type="importmap">${json}</script>`;
}
