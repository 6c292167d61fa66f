import type { BrowserResponse } from '../load/page-loader.js';
import { splitModuleImports } from '../parse/index.js';
import { canonicalEncoding, decodeText } from './encoding.js';

/** A worker's script (or a module it imports) cut around its imports: see splitModuleImports. */
export type WorkerScript = string[];

/**
 * The scripts the page's workers ran, which the live copy's replay layer starts from blob: URLs
 * (a worker cannot start from a file, nor import one): each worker's own script, from the URLs
 * the browser started workers with, and the modules it imports (static imports and literal
 * `import()`), followed through what the browser recorded. Only these are embedded; a script a
 * worker loads with importScripts() is recorded as a response and replayed from there. Sources
 * past `maxBytes` in all are left out (those workers fail offline, as before). The parse/
 * module lexer must be ready.
 */
export function workerScripts(workers: readonly string[], responses: readonly BrowserResponse[], maxBytes: number): Record<string, WorkerScript> {
  const recorded = new Map<string, BrowserResponse>();
  for (const response of responses) {
    if (response.method === 'GET' && (response.type === 'script' || response.type === 'other')) recorded.set(response.url, response);
  }
  const scripts: Record<string, WorkerScript> = {};
  const queue = workers.filter((url) => /^https?:/.test(url));
  let bytes = 0;
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    const exchange = recorded.get(url);
    if (scripts[url] || !exchange || exchange.response.file || !ok(exchange.response.status)) continue;
    const { body, charset } = exchange.response;
    if (bytes + body.length > maxBytes) continue;
    bytes += body.length;
    const base = url;
    const parts = splitModuleImports(decodeText(body, canonicalEncoding(charset) ?? 'utf-8'), {
      resolve: (specifier) => resolveSpecifier(specifier, base),
      // In a blob: module import.meta.url is the blob's; `new URL('./x', import.meta.url)` needs the online one.
      importMetaUrl: JSON.stringify(url),
    });
    scripts[url] = parts;
    for (let index = 1; index < parts.length; index += 2) queue.push(parts[index]!);
  }
  return scripts;
}

/** A worker has no import map: only URLs and paths resolve (bare names fail online too). */
function resolveSpecifier(specifier: string, base: string): string | undefined {
  if (!/^(\.{0,2}\/|https?:)/i.test(specifier)) return undefined;
  try {
    const url = new URL(specifier, base);
    url.hash = '';
    return /^https?:$/.test(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function ok(status: number): boolean {
  return status >= 200 && status < 300;
}
