import { ArchiveError, isArchiveError } from '../errors.js';
import { ACCEPT } from '../fetch/accept.js';
import type { RefKind } from '../parse/index.js';
import { isAlreadyCompressed, isCssType, isHtmlType } from '../resolve/content-types.js';
import { noteProtocol, saveResource, track, type CaptureContext, type Outcome } from './context.js';
import type { ManifestEntry } from './manifest.js';
import { processCss } from './process-css.js';
import { processFrame, processSvgDocument } from './process-html.js';
import { processModule } from './process-module.js';

/** What a referenced resource is expected to be (a linked page is never fetched as a resource). */
export type ResourceKind = Exclude<RefKind, 'page'>;

// What blocks rendering, and what leads to further requests, is fetched first.
const PRIORITY: Readonly<Record<ResourceKind, number>> = {
  frame: 4,
  track: 0,
  sprite: 1,
  stylesheet: 3,
  script: 2,
  module: 2,
  font: 2,
  image: 1,
  media: 0,
  icon: 0,
  manifest: 0,
  other: 0,
};

function acceptFor(kind: ResourceKind): string {
  if (kind === 'stylesheet') return ACCEPT.stylesheet;
  if (kind === 'image' || kind === 'icon') return ACCEPT.image;
  return kind === 'frame' ? ACCEPT.document : ACCEPT.any;
}

const MAX_INLINE_TRACK = 512 * 1024;
const MAX_SPRITE = 2 * 1024 * 1024;

// Kinds whose bodies are read as text (others may be spooled to disk; see FetchInit.spool).
const PARSED: ReadonlySet<ResourceKind> = new Set(['stylesheet', 'module', 'frame', 'sprite']);

export interface ResourceRequest {
  url: string;
  kind: ResourceKind;
  referrer: string;
  /** Nesting of documents: the page is 0, its iframes 1. */
  depth: number;
  /** Encoding of the referring document or stylesheet: a stylesheet without a charset inherits it. */
  encoding?: string;
}

/**
 * Fetches a referenced URL once per capture and gives it a path. Resolves as soon as the
 * path is known; parsing and saving continue in the background (see `track`), so that
 * stylesheets importing each other never wait on one another.
 */
export function fetchResource(ctx: CaptureContext, request: ResourceRequest): Promise<Outcome> {
  // A module is processed differently from the same file loaded as a classic script.
  const key = request.kind === 'module' ? `module:${request.url}` : request.url;
  return ctx.queue.get(key, () => (ctx.queue.size > ctx.options.maxResources ? refuse(ctx, request.url) : start(ctx, request, key)));
}

/**
 * Past maxResources a URL costs a counter and a shared answer, not a manifest entry: a
 * stylesheet with 400,000 distinct url()s made a manifest of 400,000 lines and 1 GB of memory.
 */
function refuse(ctx: CaptureContext, url: string): Promise<Outcome> {
  const limit = ctx.options.maxResources;
  ctx.refusals.refuse(url, 'max-resources', `more than ${limit} resources`, `maxResources (${limit}) reached`);
  return REFUSED;
}

const REFUSED: Promise<Outcome> = Promise.resolve({ ok: false, code: 'LIMIT_REACHED', error: 'Skipped: maxResources reached.' });

async function start(ctx: CaptureContext, request: ResourceRequest, key: string): Promise<Outcome> {
  const entry: ManifestEntry = { url: request.url };
  ctx.manifest.set(key, entry);
  ctx.progress.found++;
  ctx.emit();
  try {
    const resource = await ctx.scheduler.run(request.url, PRIORITY[request.kind], () =>
      ctx.fetcher.fetch(request.url, {
        signal: ctx.signal,
        referrer: request.referrer,
        spool: !PARSED.has(request.kind),
        accept: acceptFor(request.kind),
      }),
    );
    if (resource.status === 429 || resource.status === 503) ctx.scheduler.slowDown(request.url);
    else noteProtocol(ctx, resource);
    entry.status = resource.status;
    entry.contentType = resource.mimeType || undefined;
    if (resource.url !== request.url) entry.finalUrl = resource.url;
    if (resource.status >= 400) {
      return fail(ctx, entry, new ArchiveError('HTTP_ERROR', `HTTP ${resource.status}`, { status: resource.status }));
    }
    const size = resource.file?.size ?? resource.body.length;
    if (ctx.progress.bytes + size > ctx.options.maxTotalBytes) {
      ctx.refusals.stopBy('max-total-bytes', `maxTotalBytes (${ctx.options.maxTotalBytes}) reached`);
      return fail(ctx, entry, new ArchiveError('LIMIT_REACHED', `Skipped: the capture reached ${ctx.options.maxTotalBytes} bytes.`));
    }
    const existing = ctx.paths.pathOf(resource.url);
    if (existing && request.kind !== 'module') return done(ctx, entry, existing);
    const asCss = !resource.file && (isCssType(resource.mimeType) || (request.kind === 'stylesheet' && !isHtmlType(resource.mimeType)));
    const mimeType = asCss ? 'text/css' : resource.mimeType;
    const path = ctx.paths.allocate(resource.url, mimeType);
    entry.bytes = size;
    if (request.kind === 'module') {
      entry.inlined = true;
      track(ctx, guard(ctx, entry, processModule(ctx, resource, path, request.depth)), ctx.moduleTasks);
    } else if (asCss) {
      track(ctx, guard(ctx, entry, processCss(ctx, resource, path, request.depth, request.encoding)));
    } else if (request.kind === 'frame' && isHtmlType(mimeType) && request.depth <= ctx.options.maxFrameDepth) {
      const framed = processFrame(ctx, resource, path, request.depth).then((note) => void (note && (entry.note = note)));
      track(ctx, guard(ctx, entry, framed));
    } else if (mimeType === 'image/svg+xml' && (request.kind === 'frame' || request.kind === 'other') && !resource.file) {
      // An SVG shown as a document (object, embed, iframe) loads what it references.
      track(ctx, guard(ctx, entry, processSvgDocument(ctx, resource, path, request.depth)));
    } else if (request.kind === 'sprite' && mimeType === 'image/svg+xml' && resource.body.length <= MAX_SPRITE) {
      ctx.sprites.set(request.url, resource.body.toString('utf8'));
      await saveResource(ctx, path, resource, true);
    } else if (request.kind === 'track' && !resource.file && resource.body.length <= MAX_INLINE_TRACK) {
      // Chromium loads no text track from file:// (each file is its own origin); data: URLs work.
      await saveResource(ctx, path, resource, true);
      return done(ctx, entry, path, `data:text/vtt;base64,${resource.body.toString('base64')}`);
    } else {
      await saveResource(ctx, path, resource, !isAlreadyCompressed(mimeType));
    }
    return done(ctx, entry, path);
  } catch (error) {
    if (isArchiveError(error) && error.retryable) ctx.scheduler.slowDown(request.url);
    return fail(ctx, entry, error);
  }
}

function done(ctx: CaptureContext, entry: ManifestEntry, path: string, dataUrl?: string): Outcome {
  entry.path = path;
  ctx.progress.done++;
  ctx.emit();
  return dataUrl ? { ok: true, path, dataUrl } : { ok: true, path };
}

function fail(ctx: CaptureContext, entry: ManifestEntry, error: unknown, counted = true): Outcome {
  const failure = isArchiveError(error) ? error : new ArchiveError('NETWORK', (error as Error).message, { cause: error });
  entry.error = failure.message;
  entry.errorCode = failure.code;
  if (counted) {
    ctx.progress.done++;
    ctx.progress.failed++;
    ctx.emit();
  }
  return { ok: false, code: failure.code, error: failure.message };
}

async function guard(ctx: CaptureContext, entry: ManifestEntry, work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (error) {
    delete entry.path;
    fail(ctx, entry, error, false);
  }
}
