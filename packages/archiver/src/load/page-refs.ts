import { HtmlTooComplexError, type HtmlRef } from '../parse/index.js';
import { normalizeUrl } from '../resolve/normalize-url.js';
import type { LoadedPage } from './page-loader.js';

/** A reference of the page's markup with the address the capture fetches for it. */
export interface ResolvedRef {
  url: string;
  ref: HtmlRef;
}

/**
 * The page's references, in document order, each resolved against its `<base href>` and
 * normalized as the capture keys what it fetches; undefined when the markup is beyond parsing.
 */
export function resolvedRefs(page: LoadedPage): ResolvedRef[] | undefined {
  const scan = page.scan();
  if (!scan || scan instanceof HtmlTooComplexError) return undefined;
  const base = (scan.baseHref && normalizeUrl(scan.baseHref, page.response.url)) || page.response.url;
  const found: ResolvedRef[] = [];
  for (const ref of scan.refs) {
    const url = normalizeUrl(ref.url, base);
    if (url) found.push({ url, ref });
  }
  return found;
}
