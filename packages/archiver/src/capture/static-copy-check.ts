import { join } from 'node:path';
import type { LoadedPage } from '../load/page-loader.js';
import { HtmlTooComplexError } from '../parse/index.js';
import { trace } from '../trace.js';
import { drain, type CaptureContext } from './context.js';
import { rewriteDocument } from './process-html.js';
import { checkCopyFile, passesAlone } from './rendered-page.js';

/**
 * Whether the static copy of a rendered page (its HTML as served, saved at `path` as a capture
 * that does not render saves it) shows the page as the render did when opened offline: held to
 * what a live copy must meet alone (rendered-page.ts passesAlone). Undefined when it could not be
 * checked (no picture of the render, no self-check in this capture, markup beyond parsing).
 */
export async function staticCopyShows(ctx: CaptureContext, page: LoadedPage, path: string): Promise<boolean | undefined> {
  const served = page.served;
  const scan = served?.scan();
  if (!served?.document || !scan || scan instanceof HtmlTooComplexError || !page.picture || !ctx.loader.verify) return undefined;
  // Its resources are the ones the live copy saves (the served page names them): none is extra.
  const html = await rewriteDocument(ctx, served.response, served.document, path, 0, scan);
  await drain(ctx);
  const file = `${join(await ctx.copy.startCopying(), path)}.sitezip-static.html`;
  const check = await checkCopyFile(ctx, page, file, html, true, ctx.signal);
  trace(`render: static copy of ${page.response.url} checked: ${check ? `${check.pixelDiff ?? '-'} % px, text ${check.textMatch}` : 'no check'}`);
  return check && passesAlone(check);
}
