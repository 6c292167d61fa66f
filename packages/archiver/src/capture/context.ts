import type { OriginScheduler } from '../crawl/scheduler.js';
import type { WorkQueue } from '../crawl/work-queue.js';
import type { FetchedResource, Fetcher, FetchInit } from '../fetch/fetcher.js';
import type { LoadedPage, PageLoader } from '../load/page-loader.js';
import type { HtmlScan } from '../parse/index.js';
import type { ArchiveOptions } from '../options.js';
import type { PathAllocator } from '../resolve/local-path.js';
import type { UrlTable } from '../resolve/url-table.js';
import { addStored, type ArchiveSink } from '../sink/archive-sink.js';
import type { StoredBytes } from '../sink/zip-writer.js';
import type { CopyingSink } from '../sink/copying-sink.js';
import type { ManifestEntries } from './manifest-entries.js';
import type { PagefindState } from './pagefind-index.js';
import type { RenderGuard } from './render-guard.js';
import type { Outcome, ResourceRequest } from './outcome.js';
import type { Refusals } from '../refusals.js';
import type { CrawlRecord } from '../resume/crawl-record.js';
import type { PageLog } from '../update/page-log.js';
import type { PreviousCopy } from '../update/previous-copy.js';

export type { Outcome, ResourceKind, ResourceRequest } from './outcome.js';

/** Progress of a capture, emitted whenever a resource is found, finished or failed. */
export interface CaptureProgress {
  phase: 'fetching' | 'finishing' | 'done';
  /** Resources discovered so far (the page included). */
  found: number;
  /** Resources finished (saved or failed). */
  done: number;
  failed: number;
  /** Bytes saved into the archive so far. */
  bytes: number;
  /** Site captures: pages saved so far, and pages admitted (saved or waiting). */
  pagesDone?: number;
  pagesQueued?: number;
}

/** What a site capture keeps for later updates (its page log) and, in an update, the copy it renews (see update/). */
export interface FileReuse {
  log: PageLog;
  previous?: PreviousCopy | undefined;
}

export interface CapturedModule {
  /** The classic script that registers the module's text (process-module.ts). */
  file: string;
  imports: string[];
  /** That script, until a saved page loads it (then it is in sharedFiles): a module only a discarded live copy used is never saved. */
  text: Buffer | undefined;
}

/** The state one capture shares between its steps; created by archivePage, never global. */
export interface CaptureContext {
  readonly options: ArchiveOptions;
  readonly fetcher: Fetcher;
  /** How this capture gets its pages (see load/). */
  readonly loader: PageLoader;
  readonly sink: ArchiveSink;
  /** The copy on disk that render mode's self-check opens (see CopyingSink). */
  readonly copy: Pick<CopyingSink, 'startCopying' | 'readsBack'>;
  /** Every URL of the capture numbered once, for the path allocator, the frontier and the page log. */
  readonly urls: UrlTable;
  readonly paths: PathAllocator;
  readonly queue: WorkQueue<Outcome>;
  readonly signal: AbortSignal;
  readonly scheduler: OriginScheduler;
  readonly manifest: ManifestEntries;
  readonly progress: CaptureProgress;
  /** Removes the temporary files entries are read from, once the sink is closed or aborted (see addThroughFile). */
  readonly afterClose: (() => Promise<void>)[];
  /** Processing (parse, wait for children, rewrite, save) still running. */
  readonly pending: Set<Promise<void>>;
  /** The page's own URLs, so self-references land on index.html. */
  readonly pageUrls: Set<string>;
  /** The start address's hash route (page-url.ts routeOf), or '': the start page is rendered, and its live copy opens, there. */
  readonly startRoute: string;
  /** In a site capture: where a linked page is saved, if it is one of the captured pages. */
  sitePages: ((url: string) => string | undefined) | undefined;
  /**
   * In a site capture: hears the page links of a frame document of the page at `referrer` (its
   * table of contents, a frameset's navigation), which the crawl follows as the page's own.
   */
  frameLinks?: ((scan: HtmlScan, base: string, referrer: string) => void) | undefined;
  /** In a site capture: the pages admitted so far (URL, path), at most `max`. */
  sitePageList?: ((max: number) => [string, string][]) | undefined;
  /** In a site capture: the page log, and in an update the previous copy whose unchanged stylesheets may be reused (see update/). */
  fileReuse?: FileReuse | undefined;
  /** Where a body saved as it came was stored, by its SHA-256: identical content is stored once. */
  readonly contents: Map<string, string>;
  /**
   * Bytes promised to bodies that passed the byte limit and are still on their way into the
   * archive: the limit counts them at once, since saving happens later and many run in parallel.
   */
  committedBytes: number;
  /** SVG sprite sheets by URL, as text: pages inline them (see sprites.ts). */
  readonly sprites: Map<string, string>;
  /** ES modules by path: the file their text is registered in, and the paths of the modules they import (see process-module.ts). */
  readonly modules: Map<string, CapturedModule>;
  /**
   * Scripts saved from now on are for live copies (a page of the capture was rendered): their
   * reads of the page's address go through the replay layer's (location-reads.ts).
   */
  liveScripts: boolean;
  /**
   * Addresses a rendered page loaded as modules. The browser's script responses are saved as files
   * too; such a file is never run as a classic script, so its reads of the address are left as
   * they are (the parser, as a script, would read 0.3 MB of a Vite bundle before failing at its `export`).
   */
  readonly moduleScripts: Set<string>;
  /** Files that pages share, saved once (see saveShared): replay layers (replay-shim.ts), module registrations (process-module.ts). */
  readonly sharedFiles: Map<string, Promise<void>>;
  /** A site capture's index of the GETs its live pages recorded: request key → replay file (site-responses.ts). */
  siteResponses: Map<string, string> | undefined;
  /** The capture's Pagefind bundles, once a page or script names Pagefind (pagefind.ts). */
  pagefind?: PagefindState | undefined;
  /** A live copy's classic script (path) → the modules (paths) its `import()`s name: the pages loading it get them too. */
  readonly scriptModules: Map<string, string[]>;
  /** Each of those modules' address online → its import-map key: a live copy's `import(computed)` finds it by address. */
  readonly moduleKeys: Map<string, string>;
  /** Module processing still running; documents wait for it to write their import map. */
  readonly moduleTasks: Set<Promise<void>>;
  /** The captured page's own import map, which bare specifiers in its modules resolve through. */
  importMap: ReadonlyMap<string, string>;
  /** Which rendered pages are checked before they are saved, and what the others are saved as (see render-guard.ts). */
  readonly renderGuard: RenderGuard;
  /** URLs left out by limits and trap guards, and why the capture stopped early. */
  readonly refusals: Refusals;
  /** Responses a loader already has (a browser's): the capture's requests for them are answered from them. */
  offer(responses: Iterable<FetchedResource>, over?: boolean): void;
  /** Asks for a URL ahead of the capture's own request, which then takes that answer (PageLoadContext.prefetch). */
  prefetch(url: string, init: FetchInit): Promise<FetchedResource | undefined>;
  /** Whether the capture has, or is getting, a URL's answer (PageLoadContext.has). */
  has(url: string): boolean;
  /** Whether a page rendered from now on may still be checked (its renderGuard's mayCheck): if not, it is not pictured. */
  mayCheck(): boolean;
  /** Whether a rendered page's static copy, checked offline, shows it (PageLoadContext.staticCopyShows; static-copy-check.ts). */
  staticCopyShows(page: LoadedPage, path: string): Promise<boolean | undefined>;
  /** Whether the live pages kept so far recorded all these requests (PageLoadContext.siteHolds). */
  siteHolds(keys: readonly string[]): boolean;
  /** Keeps a step of a site capture in its journal, when it keeps one (see resume/). */
  record(record: CrawlRecord): void;
  /**
   * How a processor asks for a referenced URL: fetched once per capture, resolved as soon as
   * its path is known. The capture sets it (to fetchResource); processors never import that.
   */
  resolve(request: ResourceRequest): Promise<Outcome>;
  emit(): void;
}

export function track(ctx: CaptureContext, work: Promise<void>, set: Set<Promise<void>> = ctx.pending): void {
  const task = work.finally(() => set.delete(task));
  set.add(task);
}

/** Waits for processing to finish, including processing started while waiting. */
export async function drain(ctx: CaptureContext, set: Set<Promise<void>> = ctx.pending): Promise<void> {
  while (set.size > 0) await Promise.all([...set]);
}

/** Takes `size` bytes of the capture's byte budget, or returns false when they no longer fit. */
export function commitBytes(ctx: CaptureContext, size: number): boolean {
  if (ctx.committedBytes + size > ctx.options.maxTotalBytes) return false;
  ctx.committedBytes += size;
  return true;
}

export async function save(ctx: CaptureContext, path: string, data: Buffer, compress: boolean): Promise<void> {
  await ctx.sink.add(path, data, { compress });
  ctx.progress.bytes += data.length;
}

/** Saves a file that pages share the first time one asks; answers its save, the same for every page. */
export function saveShared(ctx: CaptureContext, path: string, data: () => Buffer): Promise<void> {
  let saved = ctx.sharedFiles.get(path);
  if (!saved) {
    saved = save(ctx, path, data(), true);
    ctx.sharedFiles.set(path, saved);
  }
  return saved;
}

/** Saves a file as another ZIP stored it: copied as it is into a ZIP, inflated for a sink of another kind. */
export async function saveStored(ctx: CaptureContext, path: string, raw: StoredBytes): Promise<void> {
  await addStored(ctx.sink, path, raw);
  ctx.progress.bytes += raw.size;
}

/** Saves a fetched body, from memory or from the file it was spooled to. */
export async function saveResource(ctx: CaptureContext, path: string, resource: FetchedResource, compress: boolean): Promise<void> {
  if (!resource.file) return save(ctx, path, resource.body, compress);
  await ctx.sink.addFile(path, resource.file.path, { compress, size: resource.file.size });
  ctx.progress.bytes += resource.file.size;
}

/**
 * An origin that answered over HTTP/2 takes as many requests at once as a browser would send
 * it, but no more than the server accepts: streams beyond its limit would wait in the
 * connection with their time-outs running.
 */
export function noteProtocol(ctx: CaptureContext, resource: FetchedResource): void {
  if (resource.protocol !== 'h2') return;
  ctx.scheduler.fitTo(resource.url, Math.min(ctx.options.streamsPerOrigin, resource.streamLimit ?? Infinity));
}
