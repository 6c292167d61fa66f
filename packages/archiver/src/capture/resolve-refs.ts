import { fragmentOf, normalizeUrl } from '../resolve/normalize-url.js';
import { relativeLink } from '../resolve/relative-path.js';
import type { CaptureContext, Outcome, ResourceKind } from './context.js';

export interface FoundRef {
  url: string;
  kind: ResourceKind;
}

// References remembered with their normalized URL: a stylesheet repeating 1,000 URLs in 400,000
// url()s parses each URL once, not twice per url(); beyond this many, they are parsed again.
const REMEMBERED = 100_000;

/** What became of a document's references, looked up by the reference as written. */
export class Outcomes {
  constructor(
    private readonly base: string,
    private readonly byUrl: ReadonlyMap<string, Outcome>,
    private readonly urlOf: ReadonlyMap<string, string | undefined>,
  ) {}

  of(raw: string): Outcome | undefined {
    const url = this.urlOf.has(raw) ? this.urlOf.get(raw) : normalizeUrl(raw, this.base);
    return url ? this.byUrl.get(url) : undefined;
  }
}

const FAILED_LINK = '';
/**
 * A failed reference in CSS: an empty `data:` URL, which loads nothing and asks nothing. `url("")`
 * is the stylesheet itself to Chromium, and makes Firefox drop an `@font-face` whose every
 * source failed: the family then named a font installed on the reader's machine (Lato, where the
 * page online fell back to the next family: 2.6 % of the pixels off in GHC's guide).
 */
const FAILED_CSS_LINK = 'data:,';
/** A failed `@import`: an empty stylesheet (Firefox reports an import of `data:,` as a stylesheet of type text/plain). */
const FAILED_CSS_IMPORT = 'data:text/css,';

/** What a failed reference of `kind` in CSS is written as. */
export function failedCssLink(kind: ResourceKind): string {
  return kind === 'stylesheet' ? FAILED_CSS_IMPORT : FAILED_CSS_LINK;
}

/** Fetches (once each) every fetchable reference of a document; keyed by normalized URL. */
export async function resolveRefs(
  ctx: CaptureContext,
  refs: readonly FoundRef[],
  baseUrl: string,
  referrer: string,
  depth: number,
  encoding?: string,
): Promise<Outcomes> {
  const wanted = new Map<string, ResourceKind>();
  const urlOf = new Map<string, string | undefined>();
  for (const ref of refs) {
    const url = urlOf.has(ref.url) ? urlOf.get(ref.url) : normalizeUrl(ref.url, baseUrl);
    if (urlOf.size < REMEMBERED) urlOf.set(ref.url, url);
    // A mask's file is a data: URL wherever the document names it (it could not be a file for the mask).
    if (url && (!wanted.has(url) || ref.kind === 'mask')) wanted.set(url, ref.kind);
  }
  // One promise per URL, the queue's own: no closure per URL (400,000 of them in a hostile stylesheet).
  const urls = [...wanted.keys()];
  const pending = urls.map((url) => {
    const kind = wanted.get(url)!;
    const next = kind === 'frame' ? depth + 1 : depth;
    return ctx.resolve({ url, kind, referrer, depth: next, ...(encoding ? { encoding } : {}) });
  });
  wanted.clear();
  const settled = await Promise.all(pending);
  const byUrl = new Map<string, Outcome>();
  for (let i = 0; i < urls.length; i++) byUrl.set(urls[i]!, settled[i]!);
  return new Outcomes(baseUrl, byUrl, urlOf);
}

/**
 * The text to write in place of reference `raw` inside the file at `fromPath`: a relative
 * link to the saved copy, FAILED_LINK (or, in CSS, FAILED_CSS_LINK) when it failed (a failed
 * asset keeps no live URL), or undefined to leave the reference untouched (data:, fragments, unknown).
 */
export function linkFor(fromPath: string, raw: string, outcomes: Outcomes, failed = FAILED_LINK): string | undefined {
  const outcome = outcomes.of(raw);
  if (!outcome) return undefined;
  if (!outcome.ok) return failed;
  return outcome.dataUrl ?? relativeLink(fromPath, outcome.path) + fragmentOf(raw.trim());
}
