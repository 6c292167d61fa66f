import { setMaxListeners } from 'node:events';
import { join } from 'node:path';
import { capturePage } from './capture/capture-page.js';
import { drain, noteProtocol, type CaptureContext, type CaptureProgress, type Outcome } from './capture/context.js';
import { fetchResource } from './capture/fetch-resource.js';
import { MANIFEST_PATH, type Manifest, type ManifestEntry } from './capture/manifest.js';
import { ManifestEntries } from './capture/manifest-entries.js';
import { savePagefind } from './capture/pagefind.js';
import { addManifest } from './capture/manifest-file.js';
import { registrationPath } from './capture/process-module.js';
import { GUARD_LIMITS, RenderGuard } from './capture/render-guard.js';
import { staticCopyShows } from './capture/static-copy-check.js';
import { OriginScheduler } from './crawl/scheduler.js';
import { WorkQueue } from './crawl/work-queue.js';
import { isArchiveError } from './errors.js';
import type { ExchangeLog } from './fetch/exchange-log.js';
import type { FetchedResource, Fetcher } from './fetch/fetcher.js';
import { HttpFetcher } from './fetch/http-fetcher.js';
import { RecordedFirstFetcher } from './fetch/recorded-fetcher.js';
import { refreshTarget } from './load/meta-refresh.js';
import type { LoadedPage, PageLoadInit, PageLoader } from './load/page-loader.js';
import { renderChoice } from './load/render-choice.js';
import { ScriptReadings } from './load/script-readings.js';
import { staticLoader } from './load/static-loader.js';
import { parseOptions, type ArchiveOptions, type ArchiveOptionsInput } from './options.js';
import { captureTimedOut, parsePageUrl, routeOf } from './page-url.js';
import { Refusals, type StopCode } from './refusals.js';
import type { BrowserSource } from './render/browser-host.js';
import { PathAllocator } from './resolve/local-path.js';
import { UrlTable } from './resolve/url-table.js';
import type { CrawlRecord, CrawlResume } from './resume/crawl-record.js';
import type { ArchiveSink } from './sink/archive-sink.js';
import { CopyingSink } from './sink/copying-sink.js';
import type { PreviousCopy } from './update/previous-copy.js';
import { RevalidatingFetcher } from './update/revalidating-fetcher.js';
import { updateReport } from './update/update-report.js';

export interface ArchiveHooks {
  /** Called on every change of the counters; cheap, may be called often. */
  onProgress?: (progress: CaptureProgress) => void;
  /** Cancels the capture. */
  signal?: AbortSignal;
  /** Replaces the HTTP fetcher (tests, custom transports); the caller closes it. */
  fetcher?: Fetcher;
  /**
   * How pages are loaded; the static loader by default. The CLI passes one holding the page's
   * request, made while the engine loaded; the capture's duration then counts from it.
   */
  loader?: PageLoader;
  /** Told of every HTTP exchange of the engine's own fetcher, as received (a WarcWriter). */
  exchangeLog?: ExchangeLog;
  /**
   * An update: the copy this capture renews. Files it saved as they came are asked for
   * conditionally and reused when unchanged; the manifest says what changed. The caller closes it.
   */
  previous?: PreviousCopy;
  /** Renders in a browser another process runs (the API's shared one) instead of starting one. */
  browser?: BrowserSource;
  /** A site capture's journal, and what an interrupted run of it left (see resume/). */
  resume?: CrawlResume;
}

export interface ArchiveSummary {
  url: string;
  finalUrl: string;
  title: string | undefined;
  files: number;
  pages: number;
  bytes: number;
  failures: number;
  durationMs: number;
  /** Why the capture stopped early (a limit, a crawler trap, the time budget), in words... */
  stoppedBy: string | undefined;
  /** ...and as a code. */
  stoppedByCode: StopCode | undefined;
  /**
   * Render mode: pages rendered, how many of them kept their scripts (live copies), why the
   * first was rendered, and why a page that was to be rendered was not; `answered`: live copies
   * made without a render (RenderChoice `answered`), not among `pages`.
   */
  rendered: { pages: number; live: number; answered: number; reason: string | undefined; failed: string | undefined };
  manifest: Manifest;
}

/**
 * Captures the page at `url` with everything it needs into `sink`, as `index.html` plus its
 * resources, and a `sitezip-manifest.json`. Rejects with an ArchiveError when the page
 * itself cannot be captured; failed resources are recorded in the manifest instead.
 */
export async function archivePage(
  url: string,
  sink: ArchiveSink,
  input: ArchiveOptionsInput = {},
  hooks: ArchiveHooks = {},
): Promise<ArchiveSummary> {
  return runCapture(url, sink, parseOptions(input), hooks, async (ctx, pageUrl) => {
    // Its copy is made and checked while the render waits out the page's quiet (saveRenderedPage).
    const page = await loadStartPage(ctx, pageUrl, { readEarly: true });
    return { finalUrl: page.response.url, title: await capturePage(ctx, page) };
  });
}

/** What a capture does between setting up and writing the manifest; returns the page it saved as index.html. */
export type CaptureBody = (ctx: CaptureContext, pageUrl: string) => Promise<{ finalUrl: string; title: string | undefined }>;

/**
 * The frame of every capture: one context (fetcher, scheduler, paths, limits, time budget),
 * the body's work, then the manifest and the sink closed, or the sink aborted on failure.
 */
export async function runCapture(
  url: string,
  sink: ArchiveSink,
  options: ArchiveOptions,
  hooks: ArchiveHooks,
  body: CaptureBody,
): Promise<ArchiveSummary> {
  let pageUrl: string;
  try {
    pageUrl = parsePageUrl(url);
  } catch (error) {
    await sink.abort();
    throw error;
  }
  // Writes the copy into a folder too once a page was rendered, for the self-check to open.
  const copying = new CopyingSink(sink);
  const network = hooks.fetcher ?? new HttpFetcher(options, {}, {}, { startUrl: pageUrl, log: hooks.exchangeLog });
  const fetcher = new RecordedFirstFetcher(hooks.previous ? new RevalidatingFetcher(network, hooks.previous, options.maxResourceBytes) : network);
  const timeout = AbortSignal.timeout(options.totalTimeoutMs);
  const signal = hooks.signal ? AbortSignal.any([hooks.signal, timeout]) : timeout;
  // Every request in flight listens on this one signal.
  setMaxListeners(0, signal);
  const progress: CaptureProgress = { phase: 'fetching', found: 1, done: 0, failed: 0, bytes: 0 };
  // Nothing is journaled once the capture is stopping: its failures then say nothing of the site.
  const record = (step: CrawlRecord) => {
    if (!signal.aborted) hooks.resume?.record(step);
  };
  const readings = new ScriptReadings(
    hooks.resume && {
      previous: (hooks.resume.previous?.readings ?? []).map(({ key, reading }) => [key, reading] as const),
      record: (key, reading) => record({ t: 'script-reading', key, reading }),
    },
  );
  // Render mode's code (and playwright-core) loads only when a page is to be rendered.
  const loader = renderChoice(hooks.loader ?? staticLoader(), options.render, async () => (await import('./render/index.js')).createRenderer(options, hooks.browser), readings);
  const startedAt = loader.startedAt ?? new Date();
  const urls = new UrlTable();
  const ctx: CaptureContext = {
    options,
    fetcher,
    loader,
    sink: copying,
    copy: copying,
    signal,
    urls,
    paths: new PathAllocator(urls),
    queue: new WorkQueue<Outcome>(),
    scheduler: new OriginScheduler(options.connectionsPerOrigin),
    manifest: new ManifestEntries(),
    progress,
    afterClose: [],
    pending: new Set(),
    pageUrls: new Set([pageUrl]),
    startRoute: routeOf(url),
    sitePages: undefined,
    contents: new Map(),
    committedBytes: 0,
    sprites: new Map(),
    modules: new Map(),
    moduleKeys: new Map(),
    scriptModules: new Map(),
    sharedFiles: new Map(),
    siteResponses: undefined,
    moduleScripts: new Set(),
    liveScripts: false,
    moduleTasks: new Set(),
    importMap: new Map(),
    refusals: new Refusals(hooks.resume && record),
    renderGuard: new RenderGuard(),
    offer: (responses, over) => fetcher.offer(responses, over),
    prefetch: (url, init) => fetcher.prefetch(url, init),
    has: (url) => ctx.queue.has(url),
    mayCheck: () => ctx.renderGuard.mayCheck,
    staticCopyShows: (page, path) => staticCopyShows(ctx, page, path),
    siteHolds: (keys) => ctx.siteResponses !== undefined && keys.every((key) => ctx.siteResponses!.has(key)),
    record,
    resolve: (request) => fetchResource(ctx, request),
    emit: () => hooks.onProgress?.({ ...progress }),
  };
  ctx.paths.reserve(MANIFEST_PATH);
  let closingLoader: Promise<void> | undefined;
  let removeManifest: (() => Promise<void>) | undefined;
  try {
    const { finalUrl, title } = await body(ctx, pageUrl);
    progress.phase = 'finishing';
    ctx.emit();
    await drain(ctx);
    await savePagefind(ctx);
    await checkRenderedPages(ctx, copying);
    // The browser has done its part: it goes while the manifest and the ZIP are written.
    closingLoader = loader.close?.();
    if (signal.aborted && !hooks.signal?.aborted) ctx.refusals.stopBy('total-timeout', `totalTimeoutMs (${options.totalTimeoutMs}) reached`);
    const manifest = buildManifest(ctx, pageUrl, finalUrl, startedAt, hooks.previous);
    removeManifest = await addManifest(sink, manifest);
    await copying.close();
    progress.phase = 'done';
    ctx.emit();
    return {
      url: pageUrl,
      finalUrl,
      title,
      files: manifest.files,
      pages: manifest.pages,
      bytes: manifest.bytes,
      failures: manifest.failures,
      durationMs: manifest.durationMs,
      stoppedBy: manifest.stoppedBy,
      stoppedByCode: manifest.stoppedByCode,
      rendered: renderedOf(manifest),
      manifest,
    };
  } catch (error) {
    await drain(ctx).catch(() => undefined);
    await copying.abort();
    if (timeout.aborted && isArchiveError(error) && error.code === 'ABORTED') {
      throw captureTimedOut(pageUrl, error);
    }
    throw error;
  } finally {
    await removeManifest?.();
    for (const remove of ctx.afterClose) await remove();
    await copying.dispose();
    await (closingLoader ?? loader.close?.());
    if (!hooks.fetcher) await network.close();
  }
}

/** The page the capture was asked for: its failure is the capture's failure, and its final URL counts as it. */
export async function loadStartPage(ctx: CaptureContext, pageUrl: string, init?: PageLoadInit): Promise<LoadedPage> {
  let page = await ctx.loader.load(ctx, pageUrl, { ...init, ...(ctx.startRoute ? { route: ctx.startRoute } : {}) });
  noteProtocol(ctx, page.response);
  ctx.pageUrls.add(page.response.url);
  // An immediate <meta http-equiv="refresh"> is followed as a redirect (a rendered page's browser followed it already).
  const seen = new Set([page.response.url]);
  for (let target; seen.size <= MAX_REFRESHES && (target = followedRefresh(page)) && !seen.has(target); ) {
    seen.add(target);
    // One that leads nowhere (refused, unreachable, an error page) leaves the page as it was.
    const next = await ctx.loader.load(ctx, target, init).catch((error: unknown) => {
      if (ctx.signal.aborted) throw error;
      return undefined;
    });
    if (!next?.document || next.response.status >= 300) break;
    page = rendered(next) ? next : asRedirected(next, page.response);
    ctx.pageUrls.add(page.response.url);
  }
  // A rendered start page: the copy is kept on disk as well, for the self-check to open.
  if (page.render?.output === 'snapshot') await ctx.copy.startCopying();
  return page;
}

/** Refreshes followed from the start page, at most (a loop of them ends there). */
const MAX_REFRESHES = 5;

const rendered = (page: LoadedPage): boolean => page.render?.output === 'snapshot' || page.render?.output === 'live';

function followedRefresh(page: LoadedPage): string | undefined {
  return page.document && page.response.status < 300 && !rendered(page) ? refreshTarget(page.document.html, page.response.url) : undefined;
}

/**
 * The page a refresh led to, as asked for by the start page's address. (A rendered one keeps
 * its own: what its render recorded is keyed by it.)
 */
function asRedirected(page: LoadedPage, from: FetchedResource): LoadedPage {
  const redirects = [...from.redirects, from.url, ...page.response.redirects];
  return { ...page, response: { ...page.response, requestedUrl: from.requestedUrl, redirects } };
}

/**
 * The self-check of rendered pages saved unchecked, once every file is written: scores go into
 * their manifest entries (the output is already chosen). It spends what the pages checked as
 * they were saved left of the capture's budget of checked pages (GUARD_LIMITS.checks).
 */
async function checkRenderedPages(ctx: CaptureContext, copying: CopyingSink): Promise<void> {
  if (!copying.copying || ctx.signal.aborted || !ctx.loader.verify) return;
  const folder = await copying.startCopying();
  const targets = [...ctx.manifest.values()].flatMap((entry) =>
    entry.render && entry.render.output !== 'static' && !entry.render.check && entry.path
      ? [{ url: entry.url, file: join(folder, entry.path), report: entry.render }]
      : [],
  );
  await ctx.loader.verify(targets.slice(0, Math.max(0, GUARD_LIMITS.checks - ctx.renderGuard.checked)), ctx.signal);
}

function renderedOf(manifest: Manifest): ArchiveSummary['rendered'] {
  const reports = manifest.resources.flatMap((entry) => (entry.render ? [entry.render] : []));
  const answered = reports.filter((report) => report.choice?.by === 'answered').length;
  const rendered = reports.filter((report) => report.output !== 'static' && report.choice?.by !== 'answered');
  return {
    pages: rendered.length,
    live: rendered.filter((report) => report.output === 'live').length,
    answered,
    reason: rendered[0]?.reason,
    failed: reports.find((report) => report.output === 'static')?.error,
  };
}

/** How many different values `values` holds, counted by sorting it: a Set of a large crawl's paths was another megabyte as it ends. */
function distinct(values: string[]): number {
  values.sort();
  let count = 0;
  for (let i = 0; i < values.length; i++) if (i === 0 || values[i] !== values[i - 1]) count++;
  return count;
}

/** The file an entry has in the ZIP: a module's is its registration, once a saved page loaded it. */
function fileOf(ctx: CaptureContext, entry: ManifestEntry): string | undefined {
  if (!entry.path || !entry.inlined) return entry.path;
  const file = registrationPath(entry.path);
  return ctx.sharedFiles.has(file) ? file : undefined;
}

function buildManifest(ctx: CaptureContext, url: string, finalUrl: string, startedAt: Date, previous: PreviousCopy | undefined): Manifest {
  const resources = [...ctx.manifest.values()];
  const finishedAt = new Date();
  const { stop } = ctx.refusals;
  const refused = ctx.refusals.report();
  return {
    generator: 'sitezip',
    url,
    finalUrl,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: finishedAt.getTime() - startedAt.getTime(),
    // Files in the ZIP: URLs that serve the same content share one.
    files: distinct(resources.flatMap((r) => fileOf(ctx, r) ?? [])),
    pages: ctx.progress.pagesDone ?? 1,
    bytes: ctx.progress.bytes,
    failures: resources.filter((r) => r.error).length,
    ...(stop ? { stoppedBy: stop.message, stoppedByCode: stop.code } : {}),
    ...(refused ? { refused } : {}),
    ...(previous ? { update: updateReport(previous.manifest, resources) } : {}),
    resources,
  };
}
