import { createHash } from 'node:crypto';
import { saveStored, type CaptureContext } from '../capture/context.js';
import { OFFLINE_GUARD_PATH, saveOfflineGuard } from '../capture/offline-guard.js';
import type { ManifestEntry } from '../capture/manifest.js';
import { savePagefindScript } from '../capture/pagefind.js';
import { PAGEFIND_SCRIPT_PATH } from '../capture/replay-pagefind.js';
import { ACCEPT } from '../fetch/accept.js';
import { validatorsOf } from '../fetch/conditional.js';
import type { FetchedResource } from '../fetch/fetcher.js';
import { pageTargets, resolveAssets, rewriteDigest } from './page-deps.js';
import type { PreviousCopy, PriorPage } from './previous-copy.js';

/** A page of the crawl: its URL, and the path links to it were written with. */
interface Target {
  url: string;
  path: string;
}

/**
 * Reuses the previous copy's file for a page when the new copy would hold the same bytes: the
 * server answers 304 to its validators (or sends a body with the hash recorded), and every
 * reference of the page still points where it pointed then (rewriteDigest: the page's own
 * path, each asset's path or failure, each page link local or online, after the page's links
 * were admitted as a processed page's would be). Returns 'reused' when the file was copied, a
 * response to process as usual (the page changed, or did not and its references did), or
 * undefined when the page must be asked for again (a 304 whose file cannot be reused).
 */
export async function reusePage(
  ctx: CaptureContext,
  previous: PreviousCopy,
  prior: PriorPage,
  target: Target,
  manifestEntry: ManifestEntry,
  gate: <T>(request: () => Promise<T>) => Promise<T>,
  admit: (urls: string[]) => void,
): Promise<'reused' | FetchedResource | undefined> {
  const { entry, deps } = prior;
  if (entry.path !== target.path) return undefined;
  // Its assets are asked for alongside it, not after its 304: an unchanged page then costs one
  // round trip, not two. (One that changed is processed as usual and most likely uses them too.)
  for (const asset of resolveAssets(ctx, { url: target.url, encoding: deps.encoding }, deps.refs)) asset.catch(() => undefined);
  const conditional = validatorsOf({ ...(entry.etag ? { etag: entry.etag } : {}), ...(entry.lastModified ? { 'last-modified': entry.lastModified } : {}) });
  const response = await gate(() =>
    ctx.fetcher.fetch(target.url, { signal: ctx.signal, accept: ACCEPT.document, ...(conditional.etag || conditional.lastModified ? { conditional } : {}) }),
  );
  const notModified = response.status === 304;
  const same = notModified || (response.status === 200 && response.url === target.url && sha256(response.body) === entry.sha256);
  if (!same) return response;
  if (deps.follow) admit(deps.refs.flatMap((ref) => (ref.kind === 'page' ? [ref.url] : [])));
  const digest = await rewriteDigest(ctx, { url: target.url, path: target.path, encoding: deps.encoding }, deps.refs, pageTargets(ctx, deps.refs));
  const stored = digest === deps.digest ? await previous.stored(entry.path) : undefined;
  if (!stored) return notModified ? undefined : response;
  await saveStored(ctx, target.path, stored);
  // The previous copy's static pages may load its guard (capture/offline-guard.ts): so may this one.
  if (previous.has(OFFLINE_GUARD_PATH)) await saveOfflineGuard(ctx);
  // Or the side of a Pagefind search (capture/pagefind.ts), whose data file the capture writes again if its scripts name the bundle again.
  if (previous.has(PAGEFIND_SCRIPT_PATH)) await savePagefindScript(ctx);
  // The old lifetime was the old answer's; pages are asked for every time anyway.
  const { url: _url, status: _status, freshUntil: _freshUntil, ...facts } = entry;
  // A 304 carries the validators of the current body (RFC 9110 §15.4.5); a 200 its own.
  Object.assign(manifestEntry, facts, { status: notModified ? 304 : 200 }, validatorsOf(response.headers));
  return 'reused';
}

/** A page's request that was already made: the loader is handed its response instead of asking again. */
export function answered(response: FetchedResource): <T>(request: () => Promise<T>) => Promise<T> {
  return <T>() => Promise.resolve(response as T);
}

function sha256(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}
