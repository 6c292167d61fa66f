import { ArchiveError, isArchiveError } from '../errors.js';
import { isCssType, isHtmlType } from '../resolve/content-types.js';
import { contentDigest, noteBodyFacts } from './body-facts.js';
import { commitBytes, noteProtocol, track, type CaptureContext, type Outcome, type ResourceRequest } from './context.js';
import type { ManifestEntry } from './manifest.js';
import { processFetched, RESOURCE_KINDS, type KindRow } from './resource-kinds.js';

/**
 * Fetches a referenced URL once per capture and gives it a path. Resolves as soon as the
 * path is known; parsing and saving continue in the background (see `track`), so that
 * stylesheets importing each other never wait on one another.
 */
export function fetchResource(ctx: CaptureContext, request: ResourceRequest): Promise<Outcome> {
  const row = RESOURCE_KINDS[request.kind];
  // A module is processed differently from the same file loaded as a classic script.
  const key = row.apart ? `${request.kind}:${request.url}` : request.url;
  return ctx.queue.get(key, () => (ctx.queue.size > ctx.options.maxResources ? refuse(ctx, request.url) : recorded(ctx, request, key, start(ctx, request, row, key))));
}

/** Journals an outcome before whoever asked for it can write its path into a file. */
async function recorded(ctx: CaptureContext, request: ResourceRequest, key: string, outcome: Promise<Outcome>): Promise<Outcome> {
  const result = await outcome;
  // A guess that found nothing has no entry, and is guessed again on resuming.
  const entry = ctx.manifest.get(key);
  if (entry) ctx.record({ t: 'resource', key, request, outcome: result, entry });
  return result;
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

async function start(ctx: CaptureContext, request: ResourceRequest, row: KindRow, key: string): Promise<Outcome> {
  const entry: ManifestEntry = { url: request.url };
  ctx.manifest.set(key, entry);
  ctx.progress.found++;
  ctx.emit();
  try {
    const resource = await ctx.scheduler.run(request.url, row.priority, () =>
      ctx.fetcher.fetch(request.url, {
        signal: ctx.signal,
        referrer: request.referrer,
        spool: !row.parsed,
        accept: row.accept,
      }),
    );
    if (resource.status === 429 || resource.status === 503) ctx.scheduler.slowDown(request.url);
    else noteProtocol(ctx, resource);
    // A 304 to a conditional request brings the previous copy's body (see FetchedResource.notModified).
    entry.status = resource.notModified ? 304 : resource.status;
    entry.contentType = resource.mimeType || undefined;
    if (resource.url !== request.url) entry.finalUrl = resource.url;
    if (resource.status >= 400) {
      return request.guess ? forget(ctx, key) : fail(ctx, entry, new ArchiveError('HTTP_ERROR', `HTTP ${resource.status}`, { status: resource.status }));
    }
    const digest = await contentDigest(resource);
    noteBodyFacts(entry, resource, digest);
    const existing = ctx.paths.pathOf(resource.url);
    if (existing && !row.apart) return done(ctx, entry, existing);
    const css = isCssType(resource.mimeType) || (row.readAsCss === 'unless-html' && !isHtmlType(resource.mimeType));
    const mimeType = css && !resource.file ? 'text/css' : resource.mimeType;
    // A body saved as it came is stored once, however many URLs serve it. (A parsed one is saved
    // rewritten for its own place: the same bytes can become different files.)
    const storedAsIs = !(row.parsed || css);
    const same = storedAsIs && ctx.contents.get(digest);
    // A kind asked for apart still makes what it makes of the file (a mask's data: URL), saved once.
    if (same && row.apart) return done(ctx, entry, same, (await processFetched(ctx, row, { request, resource, path: same, mimeType, savedAlready: true })).dataUrl);
    if (same) return done(ctx, entry, same);
    const size = resource.file?.size ?? resource.body.length;
    if (!commitBytes(ctx, size)) {
      ctx.refusals.stopBy('max-total-bytes', `maxTotalBytes (${ctx.options.maxTotalBytes}) reached`);
      return fail(ctx, entry, new ArchiveError('LIMIT_REACHED', `Skipped: the capture reached ${ctx.options.maxTotalBytes} bytes.`));
    }
    const path = ctx.paths.allocate(resource.url, mimeType);
    if (storedAsIs) {
      ctx.contents.set(digest, path);
      ctx.record({ t: 'content', digest, path });
    }
    entry.bytes = size;
    const processed = await processFetched(ctx, row, { request, resource, path, mimeType, ...(existing ? { savedAlready: true } : {}) });
    if (processed.inlined) entry.inlined = true;
    if (processed.later) {
      // Its file is written later, with the paths of what it references: kept only once it was.
      ctx.record({ t: 'processing', key });
      const later = processed.later.then((note) => {
        if (note) entry.note = note;
        ctx.record({ t: 'processed', key, entry });
      });
      track(ctx, guard(ctx, entry, later), processed.moduleTask ? ctx.moduleTasks : ctx.pending);
    }
    return done(ctx, entry, path, processed.dataUrl);
  } catch (error) {
    if (isArchiveError(error) && error.retryable) ctx.scheduler.slowDown(request.url);
    return request.guess ? forget(ctx, key) : fail(ctx, entry, error);
  }
}

/** A guess that found nothing: no entry, nothing found. */
function forget(ctx: CaptureContext, key: string): Outcome {
  ctx.manifest.forget(key);
  ctx.progress.found--;
  ctx.emit();
  return GUESS_MISSED;
}

const GUESS_MISSED: Outcome = { ok: false, code: 'HTTP_ERROR', error: 'Not on the site (a name read in a script).' };

function done(ctx: CaptureContext, entry: ManifestEntry, path: string, dataUrl?: string): Outcome {
  entry.path = path;
  ctx.progress.done++;
  ctx.emit();
  return dataUrl ? { ok: true, path, dataUrl } : { ok: true, path };
}

function fail(ctx: CaptureContext, entry: ManifestEntry, error: unknown, counted = true): Outcome {
  // The fetcher turns every network failure into an ArchiveError: anything else is a bug of ours.
  const failure = isArchiveError(error) ? error : new ArchiveError('INTERNAL', `Internal error: ${(error as Error).message}`, { cause: error });
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
