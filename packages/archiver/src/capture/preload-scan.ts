import type { FetchedResource } from '../fetch/fetcher.js';
import { normalizeUrl } from '../resolve/normalize-url.js';
import type { CaptureContext } from './context.js';
import { fetchResource } from './fetch-resource.js';
import type { DecodedDocument } from './process-html.js';

// A comment, text element or tag left open runs to the end of input, as in browsers. (Each match
// must be able to end there: else every later opening would rescan to the end, quadratic.)
const COMMENTS = /<!--[\s\S]*?(?:-->|$)/g;
// Elements whose text is no markup: a <link> written inside them is no link.
const TEXT_ELEMENTS = /<(script|style|textarea|title|xmp)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;
const LINK_TAGS = /<link\b[^>]*>?/gi;

/** The value of attribute `name` in one start tag, quoted or not. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * The stylesheet URLs of a page, found in its raw markup the way a browser's preload scanner
 * finds them: stylesheets lead to further requests (imports, fonts, images), and the full
 * parse that finds everything takes tens of milliseconds on a cold start. Whatever a quick
 * scan could read wrong is left to that parse: markup with a <base>, and href values holding
 * character references.
 */
export function scanStylesheets(html: string, pageUrl: string): string[] {
  const markup = html.replace(COMMENTS, '').replace(TEXT_ELEMENTS, '');
  if (/<base[\s>]/i.test(markup)) return [];
  const urls: string[] = [];
  for (const tag of markup.match(LINK_TAGS) ?? []) {
    if (!tag.endsWith('>')) continue; // cut off by the end of input: browsers drop it
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/);
    const href = attribute(tag, 'href');
    if (!rel?.includes('stylesheet') || !href || href.includes('&')) continue;
    const url = normalizeUrl(href, pageUrl);
    if (url) urls.push(url);
  }
  return urls;
}

/** Requests the page's stylesheets before it is parsed; the parse later shares these requests. */
export function preloadStylesheets(ctx: CaptureContext, page: FetchedResource, document: DecodedDocument): void {
  for (const url of scanStylesheets(document.html, page.url)) {
    void fetchResource(ctx, { url, kind: 'stylesheet', referrer: page.url, depth: 0, encoding: document.encoding });
  }
}
