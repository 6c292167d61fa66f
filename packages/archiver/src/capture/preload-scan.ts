import type { FetchedResource } from '../fetch/fetcher.js';
import { normalizeUrl } from '../resolve/normalize-url.js';
import type { CaptureContext } from './context.js';
import type { DecodedDocument } from './encoding.js';

// What the scan stops at: comments and elements whose text is no markup (a <link> written inside
// them is no link), <base>, and <link> tags. Every match ends where the next search starts, so
// the scan is linear even in pages holding millions of unclosed `<!--` or `<link`.
const TOKENS = /<!--|<(script|style|textarea|title|xmp)\b|<base[\s>]|<link\b[^>]*>?/gi;

// A longer <link> is no stylesheet link a browser would see early; the parse still finds it.
const MAX_TAG = 64 * 1024;

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
  const tokens = new RegExp(TOKENS);
  const urls: string[] = [];
  for (let match = tokens.exec(html); match; match = tokens.exec(html)) {
    const [token, textElement] = match;
    if (token === '<!--') {
      const end = html.indexOf('-->', tokens.lastIndex);
      if (end < 0) break;
      tokens.lastIndex = end + 3;
    } else if (textElement) {
      const close = new RegExp(`</${textElement}\\s*>`, 'gi');
      close.lastIndex = tokens.lastIndex;
      if (!close.exec(html)) break;
      tokens.lastIndex = close.lastIndex;
    } else if (/^<base/i.test(token)) {
      return [];
    } else if (token.length <= MAX_TAG && token.endsWith('>')) {
      // (A tag cut off by the end of input is dropped, as browsers drop it.)
      const rel = attribute(token, 'rel')?.toLowerCase().split(/\s+/);
      const href = attribute(token, 'href');
      if (!rel?.includes('stylesheet') || !href || href.includes('&')) continue;
      const url = normalizeUrl(href, pageUrl);
      if (url) urls.push(url);
    }
  }
  return urls;
}

/** Requests the page's stylesheets before it is parsed; the parse later shares these requests. */
export function preloadStylesheets(ctx: CaptureContext, page: FetchedResource, document: DecodedDocument): void {
  for (const url of scanStylesheets(document.html, page.url)) {
    void ctx.resolve({ url, kind: 'stylesheet', referrer: page.url, depth: 0, encoding: document.encoding });
  }
}
