import { setTimeout as sleep } from 'node:timers/promises';
import PQueue from 'p-queue';
import { capturePage, runCapture, type ArchiveHooks, type ArchiveSummary, type ParsedPage } from './archive.js';
import { noteProtocol, save, type CaptureContext } from './capture/context.js';
import type { ManifestEntry } from './capture/manifest.js';
import { checkPageResponse } from './capture/page-check.js';
import { decodeDocument } from './capture/encoding.js';
import { processDocument } from './capture/process-html.js';
import { canonicalPageUrl } from './crawl/canonical.js';
import { Frontier, type PageEntry } from './crawl/frontier.js';
import { loadRobots, type RobotsRules } from './crawl/robots.js';
import { createScope } from './crawl/scope.js';
import { loadSitemapUrls } from './crawl/sitemap.js';
import { TrapGuard, defaultTrapLimits } from './crawl/traps.js';
import { isArchiveError } from './errors.js';
import { ACCEPT } from './fetch/accept.js';
import type { FetchedResource } from './fetch/fetcher.js';
import { scanDocument } from './capture/scan-document.js';
import { HtmlTooComplexError, type HtmlScan } from './parse/index.js';
import { isHtmlType } from './resolve/content-types.js';
import { siteOptionsSchema, type SiteOptions, type SiteOptionsInput } from './site-options.js';
import type { ArchiveSink } from './sink/archive-sink.js';

/**
 * Mirrors a site: the start page as `index.html`, every page reachable within scope and limits
 * saved and linked to each other by relative paths, shared assets fetched once. Pages are
 * written as soon as they are captured, so memory grows with the number of URLs only.
 */
export async function archiveSite(
  url: string,
  sink: ArchiveSink,
  input: SiteOptionsInput = {},
  hooks: ArchiveHooks = {},
): Promise<ArchiveSummary> {
  const options = siteOptionsSchema.parse(input);
  return runCapture(url, sink, options, hooks, (ctx, startUrl) => crawl(ctx, startUrl, options));
}

const PAGES_IN_PROGRESS_PER_SLOT = 8;

/**
 * Page requests to one host: at most `concurrency` at once and, under a Crawl-delay, at least
 * `delayMs` between the starts of two requests (a fixed-window rate limit would allow two
 * requests a moment apart across a window boundary).
 */
class PoliteQueue {
  private readonly queue: PQueue;
  // Created just after the start page was fetched: the delay counts from it too.
  private lastStart = Date.now();

  constructor(
    concurrency: number,
    private readonly delayMs: number,
  ) {
    this.queue = new PQueue({ concurrency });
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.add(async () => {
      const wait = this.lastStart + this.delayMs - Date.now();
      if (wait > 0) await sleep(wait);
      this.lastStart = Date.now();
      return task();
    }) as Promise<T>;
  }
}

async function crawl(ctx: CaptureContext, startUrl: string, options: SiteOptions) {
  const startOrigin = new URL(startUrl).origin;
  const robots = new Map<string, Promise<RobotsRules>>();
  const robotsFor = (origin: string) => {
    let rules = robots.get(origin);
    if (!rules) {
      rules = options.respectRobots
        ? loadRobots(ctx.fetcher, origin, ctx.signal)
        : Promise.resolve({ allows: () => true, crawlDelayMs: undefined, sitemaps: [] });
      robots.set(origin, rules);
    }
    return rules;
  };
  const startRules = await robotsFor(startOrigin);
  const startCanonical = canonicalPageUrl(startUrl)!;
  const frontier = new Frontier(
    createScope(startUrl, options.scope),
    options,
    new TrapGuard({ ...defaultTrapLimits, maxVariantsPerPath: options.maxVariantsPerPath }),
    // The start page was asked for by name: robots.txt governs what we find on our own.
    (url) => url === startCanonical || new URL(url).origin !== startOrigin || startRules.allows(url),
    (canonical) => (canonical === startCanonical ? 'index.html' : ctx.paths.allocate(canonical, 'text/html')),
    (url, code, reason, stopMessage) => ctx.refusals.refuse(url, code, reason, stopMessage),
  );
  ctx.paths.reserve('index.html');
  ctx.sitePages = (url) => frontier.pathOf(url);
  const start = frontier.admit(startUrl, startUrl, 0) as PageEntry;
  frontier.next(); // the start page is captured below, before the others

  const politeness = new Map<string, PoliteQueue>();
  const pageQueue = (url: string, delayMs: number | undefined) => {
    const origin = new URL(url).origin;
    let queue = politeness.get(origin);
    if (!queue) {
      queue = new PoliteQueue(delayMs ? 1 : options.pageConcurrency, delayMs ?? 0);
      politeness.set(origin, queue);
    }
    return queue;
  };

  // The start page first: its failure is the capture's failure, and its final URL counts as it.
  const first = await ctx.fetcher.fetch(start.url, { signal: ctx.signal, accept: ACCEPT.document });
  noteProtocol(ctx, first);
  ctx.pageUrls.add(first.url);
  // Its links are admitted first, so that index.html is written linking to the local copies.
  // Parsed once for both: a page of 50 MB costs seconds per parse.
  const parsed = isHtmlType(first.mimeType) ? parsePage(ctx, first) : undefined;
  if (parsed && !(parsed.scan instanceof HtmlTooComplexError)) admitLinks(frontier, first, parsed.scan, 0);
  if (options.useSitemaps) await seedFromSitemaps(ctx, frontier, startRules, startOrigin, options.maxPages);
  ctx.progress.pagesQueued = frontier.size;
  const title = await capturePage(ctx, first, parsed);
  ctx.progress.pagesDone = 1;

  const running = new Set<Promise<void>>();
  for (;;) {
    for (let entry = frontier.next(); entry; entry = frontier.next()) {
      const task: Promise<void> = capturePageEntry(ctx, frontier, entry, robotsFor, pageQueue).finally(() => running.delete(task));
      running.add(task);
      // Page requests are limited per host by the politeness queue; this bounds pages held in
      // memory while their assets arrive.
      if (running.size >= options.pageConcurrency * PAGES_IN_PROGRESS_PER_SLOT) break;
    }
    ctx.progress.pagesQueued = frontier.size;
    ctx.emit();
    if (running.size === 0) break;
    await Promise.race(running);
    if (ctx.signal.aborted) break;
  }
  await Promise.all(running);
  return { finalUrl: first.url, title };
}

function parsePage(ctx: CaptureContext, page: FetchedResource): ParsedPage {
  const document = decodeDocument(page);
  return { document, scan: scanDocument(ctx, document) };
}

function admitLinks(frontier: Frontier, page: FetchedResource, scan: HtmlScan, depth: number): void {
  if (/nofollow|none/i.test(page.headers['x-robots-tag'] ?? '')) return;
  if (scan.robots.includes('nofollow') || scan.robots.includes('none')) return;
  const base = scan.baseHref ? new URL(scan.baseHref, page.url).href : page.url;
  for (const ref of scan.refs) if (ref.kind === 'page') frontier.admit(ref.url, base, depth + 1);
}

async function seedFromSitemaps(
  ctx: CaptureContext,
  frontier: Frontier,
  rules: RobotsRules,
  origin: string,
  limit: number,
): Promise<void> {
  const listed = rules.sitemaps.flatMap((s) => (URL.canParse(s, origin) ? [new URL(s, origin).href] : []));
  const sitemaps = listed.length > 0 ? listed : [`${origin}/sitemap.xml`];
  for (const url of await loadSitemapUrls(ctx.fetcher, sitemaps, limit, ctx.signal)) frontier.admit(url, origin, 1);
}

async function capturePageEntry(
  ctx: CaptureContext,
  frontier: Frontier,
  entry: PageEntry,
  robotsFor: (origin: string) => Promise<RobotsRules>,
  pageQueue: (url: string, delayMs: number | undefined) => PoliteQueue,
): Promise<void> {
  const manifestEntry: ManifestEntry = { url: entry.url };
  ctx.manifest.set(`page:${entry.canonical}`, manifestEntry);
  const origin = new URL(entry.url).origin;
  const rules = await robotsFor(origin);
  if (!rules.allows(entry.canonical)) return stub(ctx, entry, manifestEntry, 'robots.txt does not allow it');
  try {
    const fetchPage = () => ctx.fetcher.fetch(entry.url, { signal: ctx.signal, accept: ACCEPT.document });
    // A site whose pages keep running out of time is given up on, as an origin whose files do.
    const page = await pageQueue(entry.url, rules.crawlDelayMs).run(() => ctx.scheduler.unlessGivenUp(entry.url, fetchPage));
    manifestEntry.status = page.status;
    manifestEntry.contentType = page.mimeType || undefined;
    if (page.url !== entry.url) manifestEntry.finalUrl = page.url;
    if (page.status >= 400) return stub(ctx, entry, manifestEntry, `HTTP ${page.status}`);
    if (!isHtmlType(page.mimeType)) return stub(ctx, entry, manifestEntry, `not a web page (${page.mimeType || 'unknown type'})`);
    const document = decodeDocument(page);
    checkPageResponse(page, document.html);
    const scan = scanDocument(ctx, document);
    // A page beyond parsing is saved as downloaded: its robots directives and links are unknown.
    const robots = scan instanceof HtmlTooComplexError ? [] : scan.robots;
    const header = (page.headers['x-robots-tag'] ?? '').toLowerCase();
    if (robots.includes('noindex') || robots.includes('none') || /noindex|none/.test(header)) {
      return stub(ctx, entry, manifestEntry, 'the page asks not to be indexed (noindex)');
    }
    const follow = !(robots.includes('nofollow') || /nofollow/.test(header));
    if (follow && !(scan instanceof HtmlTooComplexError)) {
      const base = scan.baseHref ? new URL(scan.baseHref, page.url).href : page.url;
      for (const ref of scan.refs) if (ref.kind === 'page') frontier.admit(ref.url, base, entry.depth + 1);
    }
    manifestEntry.path = entry.path;
    manifestEntry.bytes = page.body.length;
    const note = await processDocument(ctx, page, document, entry.path, 0, scan);
    if (note) manifestEntry.note = note;
    ctx.progress.pagesDone = (ctx.progress.pagesDone ?? 0) + 1;
    ctx.emit();
  } catch (error) {
    const reason = isArchiveError(error) ? error.message : (error as Error).message;
    await stub(ctx, entry, manifestEntry, reason);
  }
}

/**
 * A page that was linked (so links to it were already written) but could not be saved gets a
 * short note in its place with the original address, instead of a dead link.
 */
async function stub(ctx: CaptureContext, entry: PageEntry, manifestEntry: ManifestEntry, reason: string): Promise<void> {
  manifestEntry.error = `Not captured: ${reason}`;
  manifestEntry.errorCode = 'PAGE_SKIPPED';
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const html = `<!doctype html><meta charset="utf-8"><title>Not captured</title>
<p>This page was not captured: ${escape(reason)}.</p><p><a href="${escape(entry.url)}">Open it online</a></p>\n`;
  await save(ctx, entry.path, Buffer.from(html), true);
  ctx.progress.pagesDone = (ctx.progress.pagesDone ?? 0) + 1;
  ctx.emit();
}
