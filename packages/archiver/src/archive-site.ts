import { loadStartPage, runCapture, type ArchiveHooks, type ArchiveSummary } from './archive.js';
import { contentDigest, noteBodyFacts } from './capture/body-facts.js';
import { capturePage } from './capture/capture-page.js';
import { saveLinkedFile } from './capture/linked-file.js';
import { drain, save, type CaptureContext } from './capture/context.js';
import type { ManifestEntry } from './capture/manifest.js';
import { processDocument } from './capture/process-html.js';
import { saveRenderedPage } from './capture/rendered-page.js';
import { REPLAY_LAYER_PATHS } from './capture/replay-shim.js';
import { SITE_RESPONSES_PATH, siteResponsesScript } from './capture/site-responses.js';
import { canonicalPageUrl } from './crawl/canonical.js';
import { Frontier, type PageEntry, type Refusal } from './crawl/frontier.js';
import { PoliteQueues } from './crawl/polite-queue.js';
import { RobotsMemo, type RobotsRules } from './crawl/robots.js';
import { createScope } from './crawl/scope.js';
import { loadSitemapUrls } from './crawl/sitemap.js';
import { TrapGuard, defaultTrapLimits } from './crawl/traps.js';
import { loadUrlPatterns } from './crawl/url-patterns.js';
import { isArchiveError } from './errors.js';
import type { FetchedResource } from './fetch/fetcher.js';
import type { LoadedPage } from './load/page-loader.js';
import { htmlScanPool, type HtmlScanner } from './parse/html-scan-pool.js';
import { HtmlTooComplexError } from './parse/index.js';
import { siteOptionsSchema, type SiteOptions, type SiteOptionsInput } from './site-options.js';
import type { CrawlSnapshot } from './resume/crawl-record.js';
import { restoreCrawl } from './resume/restore-crawl.js';
import { DuplicatePathError, type ArchiveSink } from './sink/archive-sink.js';
import { addThroughFile } from './sink/file-entry.js';
import { pageRefs, pageTargets, rewriteDigest } from './update/page-deps.js';
import { PAGES_PATH, PageLog, type PageDeps } from './update/page-log.js';
import type { PreviousCopy } from './update/previous-copy.js';
import { answered, reusePage } from './update/reuse-page.js';

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
  return runCapture(url, sink, options, hooks, (ctx, startUrl) =>
    crawl(ctx, startUrl, options, hooks.resume?.previous, hooks.previous),
  );
}

// Pages started per page request at once: a started page holds its body, its text and its
// scan until its assets are in and it is written. 2 keeps 8 connections busy on the docs site
// (40 ms) as 8 did, with 30 to 40 MB less at the peak.
const PAGES_IN_PROGRESS_PER_SLOT = 2;
/** Above every asset's (resource-kinds.ts): a page revalidated unchanged admits its links. */
const REVALIDATION_PRIORITY = 5;

/** What the pages of one crawl share: where they go, robots.txt, politeness per host. */
interface Crawl {
  ctx: CaptureContext;
  frontier: Frontier;
  robots: RobotsMemo;
  politeness: PoliteQueues;
  /** What each page's rewrite depended on, saved as PAGES_PATH for a later update to reuse pages. */
  log: PageLog;
  /** An update: the previous copy, whose unchanged pages may be reused (render: always renders them all). */
  previous: PreviousCopy | undefined;
  /** Parses the pages off the main thread when there are cores for it. */
  scanner: HtmlScanner;
  /** The depth of each page in progress, by its address (see CaptureContext.frameLinks). */
  depths: Map<string, number>;
}

async function crawl(
  ctx: CaptureContext,
  startUrl: string,
  options: SiteOptions,
  previous: CrawlSnapshot | undefined,
  previousCopy: PreviousCopy | undefined,
) {
  const startOrigin = new URL(startUrl).origin;
  const robots = new RobotsMemo(ctx.fetcher, ctx.signal, options.respectRobots);
  const startRules = await robots.for(startOrigin);
  const startCanonical = canonicalPageUrl(startUrl)!;
  const frontier = new Frontier(
    createScope(startUrl, options.scope),
    options,
    new TrapGuard({ ...defaultTrapLimits, maxVariantsPerPath: options.maxVariantsPerPath }),
    // The start page was asked for by name: robots.txt governs what we find on our own.
    (url) => url === startCanonical || new URL(url).origin !== startOrigin || startRules.allows(url),
    (canonical) => (canonical === startCanonical ? 'index.html' : ctx.paths.allocate(canonical, 'text/html')),
    (url, code, reason, stopMessage) => ctx.refusals.refuse(url, code, reason, stopMessage),
    await loadUrlPatterns(options.include, options.exclude),
    ctx.urls,
  );
  ctx.paths.reserve('index.html');
  ctx.paths.reserve(PAGES_PATH);
  if (options.render !== 'never') {
    ctx.paths.reserve(SITE_RESPONSES_PATH);
    ctx.siteResponses = new Map();
  }
  ctx.sitePages = (url) => frontier.pathOf(url);
  // A frame's links are one level below its page's (site.depths: the pages in progress).
  ctx.frameLinks = (scan, base, referrer) => {
    const from = scan.baseHref ? new URL(scan.baseHref, base).href : base;
    const depth = (site.depths.get(referrer) ?? 0) + 1;
    for (const ref of scan.refs) if (ref.kind === 'page') admit(site, ref.url, from, depth);
  };
  ctx.sitePageList = (max) => frontier.paths(max);
  const log = new PageLog(ctx.urls);
  const reusable = options.render === 'always' ? undefined : previousCopy;
  ctx.fileReuse = { log, previous: reusable };
  const site: Crawl = {
    ctx,
    frontier,
    robots,
    politeness: new PoliteQueues(options.pageConcurrency),
    log,
    previous: reusable,
    scanner: htmlScanPool(),
    depths: new Map([[startUrl, 0]]),
  };
  try {
    return await crawlPages(site, startUrl, options, startRules, previous);
  } finally {
    await site.scanner.close();
  }
}

async function crawlPages(site: Crawl, startUrl: string, options: SiteOptions, startRules: RobotsRules, previous: CrawlSnapshot | undefined) {
  const { ctx, frontier } = site;
  // The start page is saved while the pages it links to are crawled (its check, in a rendered
  // site, took 1 to 4 s that the crawl waited out before).
  const start = previous ? Promise.resolve(restoreCrawl(ctx, frontier, previous, site.log)) : (await beginStartPage(site, startUrl, options, startRules)).saved;
  const running = new Set<Promise<void>>();
  const starting: Promise<void> = start.then(() => void running.delete(starting));
  running.add(starting);
  // An update's pages are mostly revalidated, as assets are (see capturePageEntry): as many go at once.
  const inProgress = Math.max(options.pageConcurrency, site.previous ? ctx.options.connectionsPerOrigin : 0) * PAGES_IN_PROGRESS_PER_SLOT;
  for (;;) {
    for (let entry = frontier.next(); entry; entry = frontier.next()) {
      site.depths.set(entry.url, entry.depth);
      const task: Promise<void> = capturePageEntry(site, entry).finally(() => {
        running.delete(task);
        site.depths.delete(entry.url);
      });
      running.add(task);
      // Page requests are limited per host by the politeness queue; this bounds pages held in
      // memory while their assets arrive.
      if (running.size >= inProgress) break;
    }
    ctx.progress.pagesQueued = frontier.size;
    ctx.emit();
    if (running.size === 0) break;
    await Promise.race(running);
    if (ctx.signal.aborted) break;
  }
  await Promise.all(running);
  // Stylesheets still being rewritten log themselves when done.
  await drain(ctx);
  if (site.log.size > 0) await saveLog(ctx, site.log);
  // The live pages' layer loads the index when a request is not in its page's own recording.
  const live = REPLAY_LAYER_PATHS.some((path) => ctx.sharedFiles.has(path));
  // The static pages' guard loads it too, when one of their scripts fetches from the site (static-site-answers.ts); only live pages record.
  if (ctx.siteResponses && live) await save(ctx, SITE_RESPONSES_PATH, Buffer.from(siteResponsesScript(ctx.siteResponses), 'utf8'), true);
  return await start;
}

/** Pages past which the page log goes through a temporary file rather than one buffer. */
const IN_MEMORY_PAGES = 1_000;

/** The page log's file; a large one through a temporary file, as the manifest's (see addThroughFile). */
async function saveLog(ctx: CaptureContext, log: PageLog): Promise<void> {
  if (log.size <= IN_MEMORY_PAGES) return save(ctx, PAGES_PATH, log.toBuffer(), true);
  const { size, remove } = await addThroughFile(ctx.sink, PAGES_PATH, log.pieces());
  ctx.afterClose.push(remove);
  ctx.progress.bytes += size;
}

/**
 * Loads the start page and admits the pages it links to; resolves with its saving as
 * index.html under way (`saved`; its links lead to their local copies: their paths are known).
 */
async function beginStartPage(site: Crawl, startUrl: string, options: SiteOptions, startRules: RobotsRules): Promise<{ saved: Promise<{ finalUrl: string; title: string | undefined }> }> {
  const { ctx } = site;
  const start = admit(site, startUrl, startUrl, 0) as PageEntry;
  site.frontier.next(); // the start page is captured here, before the others
  // Read early when rendered, as a single page is (see archivePage): the pages it links to are crawled from its early read.
  const first = await loadStartPage(ctx, start.url, { readEarly: true });
  // Where its redirects ended is the page saved as index.html: the site's links to that address
  // lead there (it was crawled again into index.html, and the crawl stopped on the duplicate).
  site.frontier.saved(first.response.url, start.path);
  // A site that may render a later page needs its copy on disk then, with the files the pages
  // before saved (a shared script, a stylesheet): begun then from the archive, which holds them,
  // or, where the archive cannot be read back, kept from here (a static crawl's every file twice).
  if (options.render !== 'never' && !ctx.copy.readsBack) await ctx.copy.startCopying();
  // Its links are admitted first, so that index.html is written linking to the local copies; those
  // of the page as it ended too, when it changed after its early read (this reaction runs before
  // capturePage's own, which then makes that page's copies).
  admitLinks(site, first, 0);
  void first.settling?.then((later) => later && admitLinks(site, later, 0));
  if (options.useSitemaps) await seedFromSitemaps(site, startRules, new URL(startUrl).origin, options.maxPages);
  ctx.progress.pagesQueued = site.frontier.size;
  const saving = async () => {
    const title = await capturePage(ctx, first);
    ctx.progress.pagesDone = (ctx.progress.pagesDone ?? 0) + 1;
    const key = first.response.requestedUrl;
    ctx.record({ t: 'start', key, finalUrl: first.response.url, title, entry: ctx.manifest.get(key)! });
    return { finalUrl: first.response.url, title };
  };
  return { saved: saving() };
}

/** Admits a linked page (see Frontier.admit); a journaled crawl keeps the pages it admits. */
function admit({ ctx, frontier }: Crawl, reference: string, base: string, depth: number): PageEntry | Refusal {
  const known = frontier.size;
  const result = frontier.admit(reference, base, depth);
  if (frontier.size > known) ctx.record({ t: 'admit', page: result as PageEntry });
  return result;
}

/** Admits the pages a page links to, unless it asks not to be followed. */
function admitLinks(site: Crawl, page: LoadedPage, depth: number): void {
  const scan = page.scan();
  if (!scan || scan instanceof HtmlTooComplexError || !page.directives().follow) return;
  const base = scan.baseHref ? new URL(scan.baseHref, page.response.url).href : page.response.url;
  for (const ref of scan.refs) if (ref.kind === 'page') admit(site, ref.url, base, depth + 1);
}

async function seedFromSitemaps(site: Crawl, rules: RobotsRules, origin: string, limit: number): Promise<void> {
  const listed = rules.sitemaps.flatMap((s) => (URL.canParse(s, origin) ? [new URL(s, origin).href] : []));
  const sitemaps = listed.length > 0 ? listed : [`${origin}/sitemap.xml`];
  for (const url of await loadSitemapUrls(site.ctx.fetcher, sitemaps, limit, site.ctx.signal)) admit(site, url, origin, 1);
}

async function capturePageEntry(site: Crawl, entry: PageEntry): Promise<void> {
  const { ctx } = site;
  const manifestEntry: ManifestEntry = { url: entry.url };
  ctx.manifest.add(manifestEntry);
  const rules = await site.robots.for(new URL(entry.url).origin);
  if (!rules.allows(entry.canonical)) return stub(ctx, entry, manifestEntry, 'robots.txt does not allow it');
  try {
    // A site whose pages keep running out of time is given up on, as an origin whose files do.
    const gate = <T>(request: () => Promise<T>) =>
      site.politeness.forUrl(entry.url, rules.crawlDelayMs).run(() => ctx.scheduler.unlessGivenUp(entry.url, request));
    const prior = site.previous?.priorPage(entry.url);
    // An update's conditional request for a page it has costs what an asset's does (a 304, no
    // body, nothing to parse): it shares the origin's connections with them, first in line, and
    // waits for a page slot only when the site asks for a crawl delay.
    const revalidate = rules.crawlDelayMs ? gate : <T>(request: () => Promise<T>) => ctx.scheduler.run(entry.url, REVALIDATION_PRIORITY, request);
    const tried =
      prior &&
      (await reusePage(ctx, site.previous!, prior, entry, manifestEntry, revalidate, (urls) => {
        for (const url of urls) admit(site, url, entry.url, entry.depth + 1);
      }));
    if (tried === 'reused') return pageSaved(site, entry, manifestEntry, prior!.deps);
    const page = await ctx.loader.load(ctx, entry.url, { gate: tried ? answered(tried) : gate, scanner: site.scanner, path: entry.path });
    const { response, document } = page;
    manifestEntry.status = response.status;
    manifestEntry.contentType = response.mimeType || undefined;
    if (response.url !== entry.url) manifestEntry.finalUrl = response.url;
    if (page.render) manifestEntry.render = page.render;
    if (!document) return linkedFile(site, entry, manifestEntry, response);
    if (!page.directives().index) return stub(ctx, entry, manifestEntry, 'the page asks not to be indexed (noindex)');
    admitLinks(site, page, entry.depth);
    manifestEntry.path = entry.path;
    manifestEntry.bytes = response.body.length;
    noteBodyFacts(manifestEntry, response, await contentDigest(response));
    let deps: PageDeps | undefined;
    if (page.render?.output === 'snapshot' && page.served) await saveRenderedPage(ctx, page, entry.path, page.render);
    else {
      const scan = page.scan();
      const refs = !page.render && response.url === entry.url && scan && !(scan instanceof HtmlTooComplexError) ? pageRefs(scan, entry.url) : undefined;
      const links = refs && pageTargets(ctx, refs);
      const note = await processDocument(ctx, response, document, entry.path, 0, scan);
      if (note) manifestEntry.note = note;
      // Links are only ever admitted, never taken back: the same targets before and after are the ones the rewrite saw.
      else if (refs && links === pageTargets(ctx, refs)) {
        const { encoding } = document;
        const digest = await rewriteDigest(ctx, { url: entry.url, path: entry.path, encoding }, refs, links!);
        if (digest) deps = { url: entry.url, encoding, follow: page.directives().follow, refs, digest };
      }
    }
    pageSaved(site, entry, manifestEntry, deps);
  } catch (error) {
    if (isArchiveError(error) && error.status) manifestEntry.status = error.status;
    const reason = isArchiveError(error) ? error.message : (error as Error).message;
    await stub(ctx, entry, manifestEntry, reason.replace(/\.$/, ''));
  }
}

/** A page saved: counted, journaled, and logged with what its rewrite depended on when it may be reused later. */
function pageSaved({ ctx, log }: Crawl, entry: PageEntry, manifestEntry: ManifestEntry, deps: PageDeps | undefined): void {
  ctx.progress.pagesDone = (ctx.progress.pagesDone ?? 0) + 1;
  if (deps) log.note(deps);
  ctx.record({ t: 'page', canonical: entry.canonical, entry: manifestEntry, ...(deps ? { deps } : {}) });
  ctx.emit();
}

/** A link to a file that is no web page: the file is kept, and the page's place opens it (see capture/linked-file.ts). */
async function linkedFile(site: Crawl, entry: PageEntry, manifestEntry: ManifestEntry, response: FetchedResource): Promise<void> {
  const { ctx } = site;
  const what = `not a web page (${response.mimeType || 'unknown type'})`;
  // A page's place that is some file's already (an address the page's own files took first) stays as it was.
  if (response.status >= 300 || !entry.path.endsWith('.html')) return stub(ctx, entry, manifestEntry, what);
  const digest = await contentDigest(response);
  const path = await saveLinkedFile(ctx, entry.path, response, digest);
  if (!path) return stub(ctx, entry, manifestEntry, `${what}, and the capture reached its byte limit`);
  manifestEntry.path = path;
  manifestEntry.bytes = response.file?.size ?? response.body.length;
  noteBodyFacts(manifestEntry, response, digest);
  pageSaved(site, entry, manifestEntry, undefined);
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
  try {
    await save(ctx, entry.path, Buffer.from(html), true);
  } catch (error) {
    // Its place holds a file already (the page itself, saved before what failed after it; a file
    // that took its path): that file stays, and the crawl goes on. Before, the crawl stopped there.
    if (!(error instanceof DuplicatePathError)) throw error;
  }
  ctx.progress.pagesDone = (ctx.progress.pagesDone ?? 0) + 1;
  ctx.record({ t: 'page', canonical: entry.canonical, entry: manifestEntry });
  ctx.emit();
}
