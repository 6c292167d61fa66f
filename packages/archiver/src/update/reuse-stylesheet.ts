import { contentDigest } from '../capture/body-facts.js';
import { saveStored, type CaptureContext, type FileReuse } from '../capture/context.js';
import type { ResourceKind } from '../capture/outcome.js';
import type { FetchedResource } from '../fetch/fetcher.js';
import { normalizeUrl } from '../resolve/normalize-url.js';
import { rewriteDigest } from './page-deps.js';
import { MAX_LOGGED_REFS, type PageDeps, type PageRef } from './page-log.js';

/**
 * Copies the previous copy's file for a stylesheet whose body hashes as it did and whose
 * references (imports, url()s) still point where they did (the rule of reuse-page.ts, with no
 * page links). Asking for its references fetches them as a rewrite would. Returns false when
 * the stylesheet must be rewritten.
 */
export async function reuseStylesheet(ctx: CaptureContext, reuse: FileReuse, resource: FetchedResource, path: string, encoding: string): Promise<boolean> {
  const prior = reuse.previous?.priorPage(resource.url);
  if (!prior || prior.entry.path !== path || (await contentDigest(resource)) !== prior.entry.sha256) return false;
  const digest = await rewriteDigest(ctx, { url: resource.url, path, encoding }, prior.deps.refs, '');
  const stored = digest === prior.deps.digest ? await reuse.previous!.stored(path) : undefined;
  if (!stored) return false;
  await saveStored(ctx, path, stored);
  logged(ctx, reuse, prior.deps);
  return true;
}

/** Logs a rewritten stylesheet's references (each URL once, the first kind winning, as resolveRefs does) for a later update. */
export async function noteStylesheet(
  ctx: CaptureContext,
  reuse: FileReuse,
  resource: FetchedResource,
  path: string,
  encoding: string,
  found: readonly { url: string; kind: ResourceKind }[],
): Promise<void> {
  // Not even normalized past this: doing it for 400,000 url()s a second time would cost what their rewrite did.
  if (found.length > MAX_LOGGED_REFS * 4) return;
  const refs: PageRef[] = [];
  const seen = new Set<string>();
  for (const ref of found) {
    const url = normalizeUrl(ref.url, resource.url);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    refs.push({ kind: ref.kind, url });
  }
  if (refs.length > MAX_LOGGED_REFS) return;
  const digest = await rewriteDigest(ctx, { url: resource.url, path, encoding }, refs, '');
  if (digest) logged(ctx, reuse, { url: resource.url, encoding, follow: false, refs, digest });
}

/** Into the page log, and the journal: a resumed crawl restores it with the stylesheet (see restoreCrawl). */
function logged(ctx: CaptureContext, reuse: FileReuse, deps: PageDeps): void {
  reuse.log.note(deps);
  ctx.record({ t: 'logged', deps });
}
