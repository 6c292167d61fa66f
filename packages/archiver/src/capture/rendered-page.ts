import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { LoadedPage } from '../load/page-loader.js';
import { HtmlTooComplexError } from '../parse/index.js';
import { drain, save, type CaptureContext } from './context.js';
import { liveCopyHtml } from './live-copy.js';
import type { CopyCheck, RenderReport } from './manifest.js';
import { processDocument, rewriteDocument } from './process-html.js';
import { trace } from '../trace.js';

/** A live copy is kept when it looks this close to the original (percent of pixels), or closer than the snapshot. */
const LIVE_PIXEL_DIFF = 0.5;
const LIVE_TEXT_MATCH = 0.98;

/**
 * Saves a rendered page at `path`: the live copy (its scripts running on a replay layer) when
 * it passes the self-check at least as well as the snapshot, the snapshot otherwise. The first
 * rendered page of a capture decides by opening both copies from file://; the later pages of a
 * site follow that decision (they are built by the same code), unchecked.
 */
export async function saveRenderedPage(ctx: CaptureContext, page: LoadedPage, path: string, report: RenderReport): Promise<void> {
  const { response, document } = page;
  const scan = page.scan();
  if (!document || !scan || scan instanceof HtmlTooComplexError) {
    await processDocument(ctx, response, document!, path, 0, scan);
    return;
  }
  trace('save: rendered page');
  const snapshot = await rewriteDocument(ctx, response, document, path, 0, scan);
  const live = ctx.renderOutput === 'snapshot' ? undefined : await liveCopyHtml(ctx, page, path);
  if (!live || ctx.renderOutput === 'live' || !ctx.loader.verify) {
    if (ctx.renderOutput === undefined && !live) ctx.renderOutput = 'snapshot';
    report.output = live ? 'live' : 'snapshot';
    if (live) await save(ctx, live.replayPath, live.replay, true);
    await save(ctx, path, Buffer.from(live?.html ?? snapshot, 'utf8'), true);
    return;
  }
  // Both copies' files must be on disk before either is opened; the replay file goes into the
  // ZIP only if the live copy is kept.
  trace('save: copies made');
  await drain(ctx);
  trace('save: resources drained');
  const folder = await ctx.copy.startCopying();
  const beside = join(folder, path);
  await mkdir(dirname(beside), { recursive: true });
  await writeFile(join(folder, live.replayPath), live.replay);
  // Each copy beside where the page goes (relative addresses resolve the same), both opened at once.
  const check = async (html: string, which: string): Promise<CopyCheck | undefined> => {
    const file = `${beside}.sitezip-${which}.html`;
    await writeFile(file, html);
    const trial: RenderReport = { ...report };
    // The live copy is only kept when it reads right and asks nothing it cannot have: one that
    // already misses that once quiet is not pictured (most often a router showing nothing).
    const required = which === 'live' ? { textMatch: LIVE_TEXT_MATCH } : undefined;
    await ctx.loader.verify!([{ url: response.requestedUrl, file, report: trial, required }], ctx.signal);
    return trial.check;
  };
  const [liveCheck, snapshotCheck] = await Promise.all([check(live.html, 'live'), check(snapshot, 'snapshot')]);
  trace('save: checked');
  const useLive = passes(liveCheck, snapshotCheck);
  ctx.renderOutput = useLive ? 'live' : 'snapshot';
  report.output = ctx.renderOutput;
  report.candidates = { live: liveCheck, snapshot: snapshotCheck };
  const chosen = useLive ? liveCheck : snapshotCheck;
  if (chosen) report.check = chosen;
  if (useLive) await save(ctx, live.replayPath, live.replay, true);
  await save(ctx, path, Buffer.from(useLive ? live.html : snapshot, 'utf8'), true);
}

/** The live copy shows the page (text, pixels) at least as the snapshot does, and asks nothing it cannot have. */
function passes(live: CopyCheck | undefined, snapshot: CopyCheck | undefined): boolean {
  if (!live || live.failedRequests > 0 || live.onlineRequests > 0 || live.textMatch < LIVE_TEXT_MATCH) return false;
  return live.pixelDiff !== undefined && live.pixelDiff <= Math.max(LIVE_PIXEL_DIFF, snapshot?.pixelDiff ?? 0);
}
