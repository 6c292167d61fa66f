import { setMaxListeners } from 'node:events';
import { OriginScheduler } from './crawl/scheduler.js';
import { WorkQueue } from './crawl/work-queue.js';
import { isArchiveError } from './errors.js';
import { captureTimedOut, parsePageUrl } from './page-url.js';
import type { FetchedResource, Fetcher } from './fetch/fetcher.js';
import { ACCEPT } from './fetch/accept.js';
import { HttpFetcher } from './fetch/http-fetcher.js';
import { drain, noteProtocol, save, type CaptureContext, type CaptureProgress, type Outcome } from './capture/context.js';
import { MANIFEST_PATH, type Manifest, type ManifestEntry } from './capture/manifest.js';
import { Refusals, type StopCode } from './refusals.js';
import { fetchResource } from './capture/fetch-resource.js';
import { checkPageResponse } from './capture/page-check.js';
import { preloadStylesheets } from './capture/preload-scan.js';
import { decodeDocument, type DecodedDocument } from './capture/encoding.js';
import { processDocument } from './capture/process-html.js';
import type { HtmlScan, HtmlTooComplexError } from './parse/index.js';
import { parseOptions, type ArchiveOptions, type ArchiveOptionsInput } from './options.js';
import { isAlreadyCompressed, isHtmlType } from './resolve/content-types.js';
import { PathAllocator } from './resolve/local-path.js';
import { relativeLink } from './resolve/relative-path.js';
import type { ArchiveSink } from './sink/archive-sink.js';

export interface ArchiveHooks {
  /** Called on every change of the counters; cheap, may be called often. */
  onProgress?: (progress: CaptureProgress) => void;
  /** Cancels the capture. */
  signal?: AbortSignal;
  /** Replaces the HTTP fetcher (tests, custom transports); the caller closes it. */
  fetcher?: Fetcher;
  /**
   * The page's response, already requested through `fetcher` (the CLI asks for it while the
   * engine loads). With it, `startedAt` should say when that request began.
   */
  page?: Promise<FetchedResource>;
  /** When the capture began, for its duration in the manifest; now when absent. */
  startedAt?: Date;
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
    const page = await fetchPage(ctx, pageUrl, hooks.page);
    return { finalUrl: page.url, title: await capturePage(ctx, page) };
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
  const startedAt = hooks.startedAt ?? new Date();
  let pageUrl: string;
  try {
    pageUrl = parsePageUrl(url);
  } catch (error) {
    await sink.abort();
    throw error;
  }
  const fetcher = hooks.fetcher ?? new HttpFetcher(options);
  const timeout = AbortSignal.timeout(options.totalTimeoutMs);
  const signal = hooks.signal ? AbortSignal.any([hooks.signal, timeout]) : timeout;
  // Every request in flight listens on this one signal.
  setMaxListeners(0, signal);
  const progress: CaptureProgress = { phase: 'fetching', found: 1, done: 0, failed: 0, bytes: 0 };
  const ctx: CaptureContext = {
    options,
    fetcher,
    sink,
    signal,
    paths: new PathAllocator(),
    queue: new WorkQueue<Outcome>(),
    scheduler: new OriginScheduler(options.connectionsPerOrigin),
    manifest: new Map(),
    progress,
    pending: new Set(),
    pageUrls: new Set([pageUrl]),
    sitePages: undefined,
    sprites: new Map(),
    modules: new Map(),
    moduleTasks: new Set(),
    importMap: new Map(),
    refusals: new Refusals(),
    resolve: (request) => fetchResource(ctx, request),
    emit: () => hooks.onProgress?.({ ...progress }),
  };
  ctx.paths.reserve(MANIFEST_PATH);
  try {
    const { finalUrl, title } = await body(ctx, pageUrl);
    progress.phase = 'finishing';
    ctx.emit();
    await drain(ctx);
    if (signal.aborted && !hooks.signal?.aborted) ctx.refusals.stopBy('total-timeout', `totalTimeoutMs (${options.totalTimeoutMs}) reached`);
    const manifest = buildManifest(ctx, pageUrl, finalUrl, startedAt);
    await sink.add(MANIFEST_PATH, Buffer.from(JSON.stringify(manifest, null, 2)), { compress: true });
    await sink.close();
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
      manifest,
    };
  } catch (error) {
    await drain(ctx).catch(() => undefined);
    await sink.abort();
    if (timeout.aborted && isArchiveError(error) && error.code === 'ABORTED') {
      throw captureTimedOut(pageUrl, error);
    }
    throw error;
  } finally {
    if (!hooks.fetcher) await fetcher.close();
  }
}

async function fetchPage(ctx: CaptureContext, pageUrl: string, requested?: Promise<FetchedResource>): Promise<FetchedResource> {
  const page = await (requested ?? ctx.fetcher.fetch(pageUrl, { signal: ctx.signal, accept: ACCEPT.document }));
  noteProtocol(ctx, page);
  ctx.pageUrls.add(page.url);
  return page;
}

/** A page already decoded and scanned (a site capture reads the start page's links first). */
export interface ParsedPage {
  document: DecodedDocument;
  scan: HtmlScan | HtmlTooComplexError;
}

/** Saves the page as index.html (or, for a PDF, image..., the file plus an index.html pointing to it). */
export async function capturePage(ctx: CaptureContext, page: FetchedResource, parsed?: ParsedPage): Promise<string | undefined> {
  const html = isHtmlType(page.mimeType) || (!page.mimeType && looksLikeHtml(page.body));
  const document = parsed?.document ?? (html ? decodeDocument(page) : undefined);
  checkPageResponse(page, document?.html);
  const entry: ManifestEntry = { url: page.requestedUrl, status: page.status, bytes: page.body.length };
  if (page.url !== page.requestedUrl) entry.finalUrl = page.url;
  if (page.mimeType) entry.contentType = page.mimeType;
  ctx.manifest.set(page.requestedUrl, entry);
  for (const url of ctx.pageUrls) ctx.queue.get(url, async () => ({ ok: true, path: 'index.html' }));
  if (document) {
    entry.path = ctx.paths.reserve('index.html', page.url);
    ctx.progress.done++;
    preloadStylesheets(ctx, page, document);
    // Let those requests leave before the parse holds the thread for tens of milliseconds.
    await new Promise((resolve) => setImmediate(resolve));
    const note = await processDocument(ctx, page, document, 'index.html', 0, parsed?.scan);
    if (note) entry.note = note;
    return titleOf(document.html);
  }
  ctx.paths.reserve('index.html');
  entry.path = ctx.paths.allocate(page.url, page.mimeType);
  ctx.progress.done++;
  await save(ctx, entry.path, page.body, !isAlreadyCompressed(page.mimeType));
  await save(ctx, 'index.html', Buffer.from(wrapperPage(page, entry.path)), true);
  return undefined;
}

// `[^<>]` rather than `[^>]`: a search from every `<title` of a hostile page stops at the next
// tag instead of running to the end of the text (quadratic over millions of them).
const TITLE = /<title\b[^<>]*>([^<]*)<\/title>/i;

function titleOf(html: string): string | undefined {
  return TITLE.exec(html)?.[1]?.trim() || undefined;
}

function looksLikeHtml(body: Buffer): boolean {
  return /^\s*(<!doctype html|<html|<head|<body)/i.test(body.subarray(0, 512).toString('latin1'));
}

function wrapperPage(page: FetchedResource, path: string): string {
  const href = relativeLink('index.html', path);
  const escaped = page.url.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = page.mimeType.startsWith('image/') ? `<img src="${href}" alt="">` : `<a href="${href}">${escaped}</a>`;
  return `<!doctype html><meta charset="utf-8"><title>${escaped}</title>${body}\n`;
}

function buildManifest(ctx: CaptureContext, url: string, finalUrl: string, startedAt: Date): Manifest {
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
    files: resources.filter((r) => r.path && !r.inlined).length,
    pages: ctx.progress.pagesDone ?? 1,
    bytes: ctx.progress.bytes,
    failures: resources.filter((r) => r.error).length,
    ...(stop ? { stoppedBy: stop.message, stoppedByCode: stop.code } : {}),
    ...(refused ? { refused } : {}),
    resources,
  };
}
