import type { FetchedResource } from '../fetch/fetcher.js';
import { findHtmlRefs, rewriteHtml, type HtmlRef } from '../parse/index.js';
import { normalizeUrl, fragmentOf } from '../resolve/normalize-url.js';
import { relativeLink } from '../resolve/relative-path.js';
import { save, type CaptureContext } from './context.js';
import { declareUtf8Html, decodeText, sniffHtmlEncoding } from './encoding.js';
import { linkFor, resolveRefs, type FoundRef } from './resolve-refs.js';

/**
 * Keeps a saved page from reaching the network when opened (privacy, and proof that the
 * copy is complete): only the archive's own files and inline content may load.
 */
export const OFFLINE_CSP = "default-src 'self' file: data: blob: 'unsafe-inline' 'unsafe-eval'";

export interface DecodedDocument {
  html: string;
  encoding: string;
}

export function decodeDocument(resource: FetchedResource): DecodedDocument {
  const encoding = sniffHtmlEncoding(resource.body, resource.charset);
  return { html: decodeText(resource.body, encoding), encoding };
}

/**
 * Captures one HTML document: fetches what it references, rewrites references to relative
 * paths (links to other pages become absolute), removes what breaks offline, saves it.
 */
export async function processDocument(
  ctx: CaptureContext,
  resource: FetchedResource,
  document: DecodedDocument,
  path: string,
  depth: number,
): Promise<void> {
  const scan = findHtmlRefs(document.html);
  const base = (scan.baseHref && normalizeUrl(scan.baseHref, resource.url)) || resource.url;
  const assets: FoundRef[] = scan.refs.flatMap(({ url, kind }) => (kind === 'page' ? [] : [{ url, kind }]));
  const outcomes = await resolveRefs(ctx, assets, base, resource.url, depth);
  const rewritten = rewriteHtml(document.html, {
    csp: OFFLINE_CSP,
    map: (ref) => (ref.kind === 'page' ? pageLink(ctx, path, ref, base) : linkFor(path, ref.url, base, outcomes)),
  });
  const html = document.encoding === 'utf-8' ? rewritten : declareUtf8Html(rewritten);
  await save(ctx, path, Buffer.from(html, 'utf8'), true);
}

/** Links to pages: the captured page itself stays local, every other page becomes absolute. */
function pageLink(ctx: CaptureContext, fromPath: string, ref: HtmlRef, base: string): string | undefined {
  const raw = ref.url.trim();
  if (raw.startsWith('#')) return undefined;
  const url = normalizeUrl(raw, base);
  if (!url) return undefined;
  if (ctx.pageUrls.has(url)) return relativeLink(fromPath, 'index.html') + fragmentOf(raw);
  return new URL(raw, base).href;
}

export async function processFrame(ctx: CaptureContext, resource: FetchedResource, path: string, depth: number): Promise<void> {
  await processDocument(ctx, resource, decodeDocument(resource), path, depth);
}
