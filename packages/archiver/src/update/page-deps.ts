import { createHash } from 'node:crypto';
import type { CaptureContext, Outcome } from '../capture/context.js';
import type { HtmlScan } from '../parse/index.js';
import { normalizeUrl } from '../resolve/normalize-url.js';
import { MAX_LOGGED_REFS, type PageRef } from './page-log.js';

/**
 * The references of a page whose saved file follows from its body and where its references
 * point, nothing else: pages, stylesheets, scripts, images, frames... each URL once, as the
 * rewrite resolves them (the first kind a URL appears with wins, as in resolveRefs). Undefined
 * for a page whose file also holds other content: SVG sprites and ES modules (a classic script's
 * `import()`s too) are inlined into it, so the same paths do not mean the same file.
 */
export function pageRefs(scan: HtmlScan, pageUrl: string): PageRef[] | undefined {
  if (scan.inlineScripts.some((script) => script.type === 'module' || script.type === 'classic')) return undefined;
  const base = (scan.baseHref && normalizeUrl(scan.baseHref, pageUrl)) || pageUrl;
  const refs: PageRef[] = [];
  const seen = new Set<string>();
  for (const ref of scan.refs) {
    if (ref.kind === 'sprite' || ref.kind === 'module') return undefined;
    const url = normalizeUrl(ref.url, base);
    const key = `${ref.kind === 'page' ? 'p' : 'a'}${url}`;
    if (!url || seen.has(key)) continue;
    seen.add(key);
    refs.push({ kind: ref.kind, url });
  }
  return refs.length <= MAX_LOGGED_REFS ? refs : undefined;
}

/** Where each page link points now: a local path, or '' for a link left online. */
export function pageTargets(ctx: CaptureContext, refs: readonly PageRef[]): string {
  return refs.flatMap((ref) => (ref.kind === 'page' ? [(ctx.pageUrls.has(ref.url) ? 'index.html' : ctx.sitePages?.(ref.url)) ?? ''] : [])).join('\n');
}

/**
 * A hash of everything a page's rewrite takes from the capture: its own path, where each asset
 * went (a path, or failed: the reference is emptied) and where each page link points (see
 * pageTargets, taken when the page was rewritten). Asking for the assets fetches them (once
 * per capture) as the rewrite would. Undefined when an asset was inlined (a data: URL).
 */
export async function rewriteDigest(
  ctx: CaptureContext,
  page: { url: string; path: string; encoding: string },
  refs: readonly PageRef[],
  pageLinks: string,
): Promise<string | undefined> {
  const assets = await Promise.all(resolveAssets(ctx, page, refs));
  const hash = createHash('sha256').update(`${page.path}\n${pageLinks}\n`);
  for (const outcome of assets) {
    if (outcome.ok && outcome.dataUrl) return undefined;
    hash.update(outcome.ok ? `${outcome.path}\n` : '\0\n');
  }
  return hash.digest('base64url').slice(0, 22);
}

/**
 * Asks for each asset of a page as its rewrite would (once per capture: asking again gives the
 * same outcome). An update asks for an unchanged page's assets alongside the page itself.
 */
export function resolveAssets(ctx: CaptureContext, page: { url: string; encoding: string }, refs: readonly PageRef[]): Promise<Outcome>[] {
  const encoding = page.encoding ? { encoding: page.encoding } : {};
  return refs.flatMap(({ kind, url }) => (kind === 'page' ? [] : [ctx.resolve({ url, kind, referrer: page.url, depth: kind === 'frame' ? 1 : 0, ...encoding })]));
}
