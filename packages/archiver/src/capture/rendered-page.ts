import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { LoadedPage } from '../load/page-loader.js';
import { HtmlTooComplexError, type HtmlScan } from '../parse/index.js';
import { drain, save, saveShared, type CaptureContext } from './context.js';
import { liveCopyHtml, renderedFrames, withLaterResponses, type LiveCopy } from './live-copy.js';
import type { CopyCheck, RenderChoice, RenderReport } from './manifest.js';
import { processDocument, rewriteDocument } from './process-html.js';
import { saveModules } from './process-module.js';
import { routeShape } from './render-guard.js';
import { noteSiteResponses, SITE_RESPONSES_PATH, siteResponsesScript } from './site-responses.js';
import { trace } from '../trace.js';

/** A live copy is kept when it looks this close to the original (percent of pixels), or closer than the snapshot. */
const LIVE_PIXEL_DIFF = 0.5;
const LIVE_TEXT_MATCH = 0.98;
/**
 * How much less of the original's text the live copy may show than the snapshot does. A live copy
 * whose scripts did not boot from file:// still shows the server's HTML, but not what the
 * scripts built after (Next.js 16's search box read "Loading…" where the snapshot had the count:
 * 0.9888 against 1); a running clock or counter costs a word or two.
 */
const LIVE_TEXT_SLACK = 0.005;

/**
 * Saves a rendered page at `path`: the live copy (its scripts running on a replay layer) when
 * it passes the self-check at least as well as the snapshot, the snapshot otherwise. Which pages
 * are checked, and what the unchecked ones follow, is the capture's RenderGuard's call: the first
 * rendered page decides for the site, and a live site's later pages are checked by route shape
 * and by sample, each falling back to its snapshot when its live copy fails.
 */
export async function saveRenderedPage(ctx: CaptureContext, read: LoadedPage, path: string, report: RenderReport): Promise<void> {
  // A page read early (PageLoadInit.readEarly) is checked as read while its render goes on, and
  // checked again as it ends if it changed; nothing is kept before its render ends.
  const page = parsed(read) ? read : ((await read.settling) ?? read);
  if (!parsed(page)) {
    await processDocument(ctx, page.response, page.document!, path, 0, page.scan());
    return;
  }
  trace('save: rendered page');
  ctx.liveScripts = true;
  const shape = routeShape(page.response.requestedUrl, templateOf(page));
  if (page.answered) {
    const live = await liveCopyHtml(ctx, page, path, false);
    if (live) {
      const note = 'not rendered: its scripts ask only for what the first two pages of its shape asked for, answered from their replay files';
      return keep(ctx, report, path, snapshotOf(ctx, page, path), live, { by: 'answered', checked: false, shape, note });
    }
    // Not rendered, so no snapshot either: the page as served.
    report.output = 'static';
    await processDocument(ctx, page.response, page.document!, path, 0, page.scan());
    return;
  }
  const plan = await ctx.renderGuard.plan(shape);
  if (!plan.check) {
    const settled = (await page.settling) ?? page;
    const snapshot = snapshotOf(ctx, settled, path);
    const withFrames = framesLive.get(ctx)?.has(shape) ?? false;
    const made = plan.output === 'live' && parsed(settled) ? await liveCopyHtml(ctx, settled, path, withFrames) : undefined;
    const live = made && (await withLaterResponses(ctx, settled, path, made));
    const by = plan.output === 'live' && !live ? 'no-live-copy' : 'followed';
    return keep(ctx, report, path, snapshot, live, { by, checked: false, shape, note: plan.note });
  }
  let checked: Checked | undefined;
  try {
    // The check of an early read that turns out not to be the page ends there.
    const changed = new AbortController();
    void page.settling?.then((later) => later && changed.abort());
    checked = await checkedCopy(ctx, page, path, report, shape, plan.decides, changed.signal);
    const later = await page.settling;
    if (later) {
      trace('save: the page changed after it was read, checked again');
      if (!parsed(later)) {
        checked = undefined;
        await processDocument(ctx, later.response, later.document!, path, 0, later.scan());
        return;
      }
      checked = await checkedCopy(ctx, later, path, report, shape, plan.decides);
    } else if (checked.live) {
      // The page as read: its live copy also answers what its "more" buttons asked for once it was read.
      checked.live = await withLaterResponses(ctx, page, path, checked.live);
    }
  } finally {
    // Pages waiting for this check go on as soon as its outcome is known (or it failed: not live).
    // One whose live copy's check did not finish (a machine too busy for its time) says nothing either way.
    ctx.renderGuard.settle(shape, plan.decides, checked?.unfinished ? undefined : (checked?.passed ?? false), checked?.ms ?? 0);
  }
  return keep(ctx, report, path, checked.snapshot, checked.live, checked.choice);
}

/** Route shapes of a capture whose live copies passed with their frames' live copies too (see checkedCopy). */
const framesLive = new WeakMap<CaptureContext, Set<string>>();

/** A page whose rendered DOM was parsed: one beyond parsing is saved as a static document. */
function parsed(page: LoadedPage): boolean {
  const scan = page.scan();
  return page.document !== undefined && scan !== undefined && !(scan instanceof HtmlTooComplexError);
}

/** The page's snapshot at `path`, made once when first asked for (it saves resources of its own). */
function snapshotOf(ctx: CaptureContext, page: LoadedPage, path: string): () => Promise<string> {
  let made: Promise<string> | undefined;
  return () => (made ??= rewriteDocument(ctx, page.response, page.document!, path, 0, page.scan() as HtmlScan));
}

/** A checked page's copies: the snapshot, the live copy when it is kept, and why. */
interface Checked {
  passed: boolean;
  /** The live copy's check did not finish: it was kept as its snapshot, on no evidence against it. */
  unfinished?: boolean;
  ms: number;
  snapshot: () => Promise<string>;
  live: LiveCopy | undefined;
  choice: RenderChoice;
}

/** Makes the page's copies and checks them (see checkCopies): which is kept, and the scores in `report`. */
async function checkedCopy(
  ctx: CaptureContext,
  page: LoadedPage,
  path: string,
  report: RenderReport,
  shape: string,
  decides: 'site' | 'page',
  signal?: AbortSignal,
): Promise<Checked> {
  const snapshot = snapshotOf(ctx, page, path);
  // Its frames as the render left them first: the copy every page had before frames ran (and
  // one more check only for a page that passes so).
  const live = await liveCopyHtml(ctx, page, path, false);
  if (!live || !ctx.loader.verify || !page.picture) {
    // Nothing to check: the snapshot when there is no live copy, else the live copy as it is.
    const note = live ? 'no self-check in this capture' : 'its HTML could not be made a live copy';
    return { passed: live !== undefined, ms: 0, snapshot, live, choice: { by: live ? 'followed' : 'no-live-copy', checked: false, shape, note } };
  }
  const started = performance.now();
  const first = await checkCopies(ctx, page, path, live, snapshot, signal);
  const snapshotCheck = first.snapshot;
  let liveCheck = first.live;
  const passed = passes(liveCheck, snapshotCheck);
  let kept: LiveCopy = live;
  if (passed && !signal?.aborted && renderedFrames(page).length > 0) {
    // Then with its frames' live copies, kept when that copy shows the page at least as well as
    // the one with the frames as rendered (whose scores stand for the snapshot's here).
    const framed = await liveCopyHtml(ctx, page, path);
    if (framed && framed.frames.length > 0) {
      trace('save: live copy passed, checked with live frames');
      const again = await checkCopies(ctx, page, path, framed, snapshot, signal, liveCheck);
      if (passes(again.live, liveCheck)) {
        liveCheck = again.live;
        kept = framed;
        // Pages of its shape that follow it unchecked run their frames too.
        framesLive.set(ctx, (framesLive.get(ctx) ?? new Set()).add(shape));
      }
    }
  }
  const ms = performance.now() - started;
  report.candidates = { live: liveCheck, snapshot: snapshotCheck };
  const chosen = passed ? liveCheck : snapshotCheck;
  if (chosen) report.check = chosen;
  else delete report.check;
  const by = decides === 'site' ? 'decided' : passed ? 'checked' : 'fell-back';
  const note = by === 'fell-back' ? { note: `its live copy failed: ${failure(liveCheck)}` } : {};
  return { passed, ...(first.live ? {} : { unfinished: true }), ms, snapshot, live: passed ? kept : undefined, choice: { by, checked: true, shape, checkMs: Math.round(ms), ...note } };
}

/** Writes the chosen copy (and the live copy's replay file), and says in the report what and why. */
async function keep(
  ctx: CaptureContext,
  report: RenderReport,
  path: string,
  snapshot: () => Promise<string>,
  live: LiveCopy | undefined,
  choice: RenderChoice,
): Promise<void> {
  report.output = live ? 'live' : 'snapshot';
  report.choice = choice;
  if (live) {
    await saveShared(ctx, live.layer.path, () => Buffer.from(live.layer.text, 'utf8'));
    await saveModules(ctx, live.modules);
    await save(ctx, live.replayPath, live.replay, true);
    // Once its file is saved (in the check's copy too): other pages' copies may now leave what it holds to it.
    const noted = noteSiteResponses(ctx, live.replayPath, Object.keys(live.data.responses));
    if (noted.length > 0) ctx.record({ t: 'site-responses', path: live.replayPath, keys: noted });
    // A frame the site's pages share is saved once, by the first page kept live with it.
    for (const { path: framePath, copy } of live.frames) {
      await saveModules(ctx, copy.modules);
      await saveShared(ctx, copy.replayPath, () => copy.replay);
      await saveShared(ctx, framePath, () => Buffer.from(copy.html, 'utf8'));
    }
  }
  await save(ctx, path, Buffer.from(live?.html ?? (await snapshot()), 'utf8'), true);
}

/** Temporary names of shared files' writes into the check's folder. */
let sharedWrites = 0;

/** A file that pages checked side by side share, into the check's folder: replaced whole (a rename), never seen half written. */
async function writeShared(folder: string, path: string, text: string | Buffer): Promise<void> {
  const file = join(folder, path);
  const written = `${file}.${process.pid}-${(sharedWrites += 1)}`;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(written, text);
  await rename(written, file);
}

/**
 * The live copy opened from file://, beside where the page goes (relative addresses resolve the
 * same), and the snapshot too when the live copy's scores alone do not decide: checked side by
 * side on two cores, the snapshot's page took the CPU the live copy's scripts needed, and a live
 * copy that passes on its own is kept whatever the snapshot scores.
 */
async function checkCopies(
  ctx: CaptureContext,
  page: LoadedPage,
  path: string,
  live: LiveCopy,
  snapshot: () => Promise<string>,
  stop?: AbortSignal,
  snapshotChecked?: CopyCheck,
): Promise<{ live: CopyCheck | undefined; snapshot: CopyCheck | undefined }> {
  const signal = stop ? AbortSignal.any([ctx.signal, stop]) : ctx.signal;
  // Made before the files are drained when it is checked in any case: it saves resources of its
  // own (what the rendered DOM names), which must be on disk before it opens.
  const both = ctx.options.checkSnapshots ? await snapshot() : undefined;
  // A copy's files must be on disk before it is opened; the replay file goes into the ZIP only if
  // the live copy is kept.
  trace('save: copies made');
  await drain(ctx);
  trace('save: resources drained');
  const folder = await ctx.copy.startCopying();
  const beside = join(folder, path);
  await mkdir(dirname(beside), { recursive: true });
  await writeFile(join(folder, live.replayPath), live.replay);
  // The files it shares with other pages: those saved already are in the copy (or on their way), the others are written there.
  const modules = [...live.modules, ...live.frames.flatMap(({ copy }) => copy.modules)];
  const frameFiles = live.frames.flatMap(({ path, copy }) => [
    { file: path, text: copy.html },
    { file: copy.replayPath, text: copy.replay },
  ]);
  const shared = [{ file: live.layer.path, text: live.layer.text }, ...frameFiles, ...modules.flatMap((path) => ctx.modules.get(path) ?? [])];
  await Promise.all(shared.map(({ file, text }) => ctx.sharedFiles.get(file) ?? (text && writeShared(folder, file, text))));
  // What the pages kept so far recorded, for a request of this page's that its own recording lacks.
  if (ctx.siteResponses) await writeShared(folder, SITE_RESPONSES_PATH, siteResponsesScript(ctx.siteResponses));
  // The live copy is only kept when it reads right and asks nothing it cannot have: one that
  // already misses that once quiet is not pictured (most often a router showing nothing).
  const check = (html: string, which: string) => checkCopyFile(ctx, page, `${beside}.sitezip-${which}.html`, html, which === 'live', signal);
  if (both !== undefined) {
    const [liveCheck, snapshotCheck] = await Promise.all([check(live.html, 'live'), check(both, 'snapshot')]);
    return { live: liveCheck, snapshot: snapshotCheck };
  }
  const liveCheck = await check(live.html, 'live');
  trace('save: live copy checked');
  if (passesAlone(liveCheck) || stop?.aborted) return { live: liveCheck, snapshot: undefined };
  if (snapshotChecked) return { live: liveCheck, snapshot: snapshotChecked };
  const html = await snapshot();
  await drain(ctx);
  const snapshotCheck = await check(html, 'snapshot');
  trace('save: snapshot checked');
  return { live: liveCheck, snapshot: snapshotCheck };
}

/**
 * Writes a copy of `page` into `file` (beside where the page goes in the check's folder) and
 * checks it against the page's picture; `required`: held to what a live copy must meet (see
 * CheckTarget.required). Undefined when the check did not finish.
 */
export async function checkCopyFile(ctx: CaptureContext, page: LoadedPage, file: string, html: string, required: boolean, signal: AbortSignal): Promise<CopyCheck | undefined> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
  const trial = { output: 'snapshot' as const, reason: '', check: undefined as CopyCheck | undefined };
  const standard = required ? { textMatch: LIVE_TEXT_MATCH } : undefined;
  await ctx.loader.verify!([{ url: page.response.requestedUrl, file, report: trial, required: standard, original: page.picture }], signal);
  return trial.check;
}

/**
 * Whether the live copy's text is the original's: within the slack, or differing in numbers only
 * (what the page measured or drew at random as it ran: a WebAssembly page's "computed in 3.2 ms"
 * cost it 0.007 of a short page's words, and its snapshot, which has the original's time, was kept).
 */
const sameText = (live: CopyCheck): boolean => live.textMatch >= 1 - LIVE_TEXT_SLACK || (live.numbersOnly === true && live.textMatch >= LIVE_TEXT_MATCH);

/** The live copy passes whatever the snapshot scores (see passes: no snapshot can score higher by more than the slack). */
export function passesAlone(live: CopyCheck | undefined): boolean {
  if (!live || live.failedRequests > 0 || live.onlineRequests > 0 || !sameText(live)) return false;
  return live.pixelDiff !== undefined && live.pixelDiff <= LIVE_PIXEL_DIFF;
}

/** The live copy shows the page (text, pixels) at least as the snapshot does, and asks nothing it cannot have. */
function passes(live: CopyCheck | undefined, snapshot: CopyCheck | undefined): boolean {
  if (!live || live.failedRequests > 0 || live.onlineRequests > 0 || live.textMatch < LIVE_TEXT_MATCH) return false;
  if (snapshot && live.textMatch < snapshot.textMatch - LIVE_TEXT_SLACK && !sameText(live)) return false;
  return live.pixelDiff !== undefined && live.pixelDiff <= Math.max(LIVE_PIXEL_DIFF, snapshot?.pixelDiff ?? 0);
}

function failure(live: CopyCheck | undefined): string {
  if (!live) return 'its check did not finish';
  const { textMatch, failedRequests, onlineRequests, pixelDiff } = live;
  return `text ${textMatch}, ${failedRequests} failed and ${onlineRequests} online requests${pixelDiff === undefined ? '' : `, ${pixelDiff} % of pixels differ`}`;
}

/** The scripts the page as served loads, hashed short: pages built by other code are of another shape. */
function templateOf(page: LoadedPage): string {
  const scan = page.served?.scan();
  if (!scan || scan instanceof HtmlTooComplexError) return '';
  const scripts = scan.refs.filter((ref) => ref.kind === 'script' || ref.kind === 'module').map((ref) => ref.url);
  if (scripts.length === 0) return '';
  return createHash('sha256').update([...new Set(scripts)].sort().join('\n')).digest('hex').slice(0, 6);
}
