import type { LoadedPage } from '../load/page-loader.js';
import { ACCEPT } from '../fetch/accept.js';
import type { CaptureContext } from './context.js';
import { replayResponse, type ReplayData } from './replay-shim.js';

// What htmx loads when someone clicks or submits: the HTML an element's `hx-get` names (a tab's
// content, a row's details). The render asked only for what loaded by itself,
// and from a folder a click's request fails: the tabs of a page saved live did nothing offline.
// The live copy's replay data answers each such address of the site's own, fetched now.

const HX_TAG = /<[a-z][a-z0-9-]*\b[^<>]*?\s(?:data-)?hx-get\s*=[^<>]*>/gi;
const HX_GET = /\s(?:data-)?hx-get\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>=`]+))/i;
// Elements that load by themselves (as the page loads, as they scroll into view, on a timer) did
// so in the render as far as the page went: answering more of them would let the copy run past
// the original (an infinite list, scrolled by the check, grew longer than the page it copies).
const LOADS_BY_ITSELF = /\s(?:data-)?hx-trigger\s*=\s*["']?[^"'<>]*\b(?:load|revealed|intersect|every)\b/i;
/** Addresses fetched for one page, at most, and bytes each: a list of a thousand rows asks no more. */
const MAX_FRAGMENTS = 30;
const MAX_FRAGMENT_BYTES = 512 * 1024;

/** The site's own addresses that the page's `hx-get` attributes name for a person's action, in order, each once. */
export function namedFragments(html: string, base: string): string[] {
  const { origin } = new URL(base);
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(HX_TAG)) {
    const match = HX_GET.exec(tag);
    if (!match || LOADS_BY_ITSELF.test(tag)) continue;
    const value = (match[1] ?? match[2] ?? match[3] ?? '').replaceAll('&amp;', '&').trim();
    if (!value || value.startsWith('#')) continue;
    // As the browser asks for it (the replay data's key), not as the crawl normalizes it.
    let url: URL;
    try {
      url = new URL(value, base);
    } catch {
      continue;
    }
    url.hash = '';
    if (url.origin === origin) urls.add(url.href);
    if (urls.size >= MAX_FRAGMENTS) break;
  }
  return [...urls];
}

/**
 * Adds to `data.responses` the answers to the GETs the rendered page's `hx-get` attributes name
 * that the render did not record, within `budget` bytes; returns the bytes added.
 */
export async function replayNamedFragments(ctx: CaptureContext, page: LoadedPage, data: ReplayData, budget: number): Promise<number> {
  const html = page.document?.html;
  if (!html || !/hx-get/i.test(html)) return 0;
  const urls = namedFragments(html, page.response.url).filter((url) => !data.responses[`GET ${url}`]);
  // As htmx asks: a server that serves its pages with htmx answers the part to swap in.
  const headers = { 'hx-request': 'true', 'hx-current-url': page.response.url };
  const answers = await Promise.all(
    urls.map((url) => ctx.fetcher.fetch(url, { signal: ctx.signal, accept: ACCEPT.any, referrer: page.response.url, headers }).catch(() => undefined)),
  );
  let added = 0;
  for (const [i, response] of answers.entries()) {
    if (!response || response.status !== 200 || response.file || response.body.length > MAX_FRAGMENT_BYTES) continue;
    if (added + response.body.length > budget) break;
    added += response.body.length;
    data.responses[`GET ${urls[i]}`] = replayResponse(200, response.headers['content-type'], response.body);
  }
  return added;
}
