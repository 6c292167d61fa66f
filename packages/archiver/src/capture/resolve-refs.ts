import { fragmentOf, normalizeUrl } from '../resolve/normalize-url.js';
import { relativeLink } from '../resolve/relative-path.js';
import type { CaptureContext, Outcome } from './context.js';
import { fetchResource, type ResourceKind } from './fetch-resource.js';

export interface FoundRef {
  url: string;
  kind: ResourceKind;
}

/** Fetches (once each) every fetchable reference of a document; keyed by normalized URL. */
export async function resolveRefs(
  ctx: CaptureContext,
  refs: readonly FoundRef[],
  baseUrl: string,
  referrer: string,
  depth: number,
  encoding?: string,
): Promise<Map<string, Outcome>> {
  const wanted = new Map<string, ResourceKind>();
  for (const ref of refs) {
    const url = normalizeUrl(ref.url, baseUrl);
    if (url && !wanted.has(url)) wanted.set(url, ref.kind);
  }
  const entries = await Promise.all(
    [...wanted].map(async ([url, kind]) => {
      const next = kind === 'frame' ? depth + 1 : depth;
      const outcome = await fetchResource(ctx, { url, kind, referrer, depth: next, ...(encoding ? { encoding } : {}) });
      return [url, outcome] as const;
    }),
  );
  return new Map(entries);
}

/**
 * The text to write in place of reference `raw` inside the file at `fromPath`: a relative
 * link to the saved copy, '' when it failed (a failed asset keeps no live URL), or
 * undefined to leave the reference untouched (data:, fragments, unknown).
 */
export function linkFor(
  fromPath: string,
  raw: string,
  baseUrl: string,
  outcomes: ReadonlyMap<string, Outcome>,
): string | undefined {
  const outcome = outcomeFor(raw, baseUrl, outcomes);
  if (!outcome) return undefined;
  if (!outcome.ok) return '';
  return outcome.dataUrl ?? relativeLink(fromPath, outcome.path) + fragmentOf(raw.trim());
}

export function outcomeFor(raw: string, baseUrl: string, outcomes: ReadonlyMap<string, Outcome>): Outcome | undefined {
  const url = normalizeUrl(raw, baseUrl);
  return url ? outcomes.get(url) : undefined;
}
