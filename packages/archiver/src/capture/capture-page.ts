import type { FetchedResource } from '../fetch/fetcher.js';
import type { LoadedPage } from '../load/page-loader.js';
import { isAlreadyCompressed } from '../resolve/content-types.js';
import { relativeLink } from '../resolve/relative-path.js';
import { contentDigest, noteBodyFacts } from './body-facts.js';
import { save, type CaptureContext } from './context.js';
import type { ManifestEntry } from './manifest.js';
import { preloadStylesheets } from './preload-scan.js';
import { processDocument } from './process-html.js';
import { saveRenderedPage } from './rendered-page.js';

/**
 * Saves the page the capture was asked for as index.html (or, for a PDF, image..., the file
 * plus an index.html pointing to it); returns its title.
 */
export async function capturePage(ctx: CaptureContext, page: LoadedPage): Promise<string | undefined> {
  const { response, document } = page;
  const entry: ManifestEntry = { url: response.requestedUrl, status: response.status, bytes: response.body.length };
  if (response.url !== response.requestedUrl) entry.finalUrl = response.url;
  if (response.mimeType) entry.contentType = response.mimeType;
  if (page.render) entry.render = page.render;
  noteBodyFacts(entry, response, await contentDigest(response));
  ctx.manifest.set(response.requestedUrl, entry);
  for (const url of ctx.pageUrls) ctx.queue.get(url, async () => ({ ok: true, path: 'index.html' }));
  if (document) {
    entry.path = ctx.paths.reserve('index.html', response.url);
    ctx.progress.done++;
    preloadStylesheets(ctx, response, document);
    // Let those requests leave before the parse holds the thread for tens of milliseconds.
    await new Promise((resolve) => setImmediate(resolve));
    if (page.render?.output === 'snapshot' && page.served) await saveRenderedPage(ctx, page, 'index.html', page.render);
    else {
      const note = await processDocument(ctx, response, document, 'index.html', 0, page.scan());
      if (note) entry.note = note;
    }
    // A page read early that changed after is saved as it ended (saveRenderedPage), with its title.
    const ended = (await page.settling) ?? page;
    return titleOf(ended.document?.html ?? document.html);
  }
  ctx.paths.reserve('index.html');
  entry.path = ctx.paths.allocate(response.url, response.mimeType);
  ctx.progress.done++;
  await save(ctx, entry.path, response.body, !isAlreadyCompressed(response.mimeType));
  await save(ctx, 'index.html', Buffer.from(wrapperPage(response, entry.path)), true);
  return undefined;
}

// `[^<>]` rather than `[^>]`: a search from every `<title` of a hostile page stops at the next
// tag instead of running to the end of the text (quadratic over millions of them).
const TITLE = /<title\b[^<>]*>([^<]*)<\/title>/i;

function titleOf(html: string): string | undefined {
  return TITLE.exec(html)?.[1]?.trim() || undefined;
}

function wrapperPage(page: FetchedResource, path: string): string {
  const href = relativeLink('index.html', path);
  const escaped = page.url.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = page.mimeType.startsWith('image/') ? `<img src="${href}" alt="">` : `<a href="${href}">${escaped}</a>`;
  return `<!doctype html><meta charset="utf-8"><title>${escaped}</title>${body}\n`;
}
