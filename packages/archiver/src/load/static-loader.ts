import { decodeDocument } from '../capture/encoding.js';
import { checkPageResponse } from '../capture/page-check.js';
import { ACCEPT } from '../fetch/accept.js';
import type { FetchedResource } from '../fetch/fetcher.js';
import { scanHtml } from '../capture/scan-document.js';
import { HtmlTooComplexError, type HtmlScan } from '../parse/index.js';
import { isHtmlType } from '../resolve/content-types.js';
import type { EarlyRequest } from './early-request.js';
import type { LoadedPage, PageDirectives, PageLoadContext, PageLoader } from './page-loader.js';

/** Loads pages as they are served: one request, the body decoded, no script run. */
export function staticLoader(early?: EarlyRequest): PageLoader {
  let pending = early;
  return {
    startedAt: early?.startedAt,
    async load(ctx, url, init = {}) {
      let response: FetchedResource;
      if (pending?.url === url) {
        response = await pending.response;
        pending = undefined;
      } else {
        const request = () => ctx.fetcher.fetch(url, { signal: ctx.signal, accept: ACCEPT.document });
        response = await (init.gate ? init.gate(request) : request());
      }
      const page = loadedPage(ctx, response);
      if (!init.scanner || !page.document) return page;
      const scanned = await init.scanner.scan(page.document.html, ctx.options.maxPageReferences);
      return { ...page, scan: () => scanned, directives: () => directivesOf(response, scanned) };
    },
  };
}

/** A response as a loaded page: decoded when it is HTML, checked to be the page. */
export function loadedPage(ctx: PageLoadContext, response: FetchedResource): LoadedPage {
  const html = isHtmlType(response.mimeType) || (!response.mimeType && looksLikeHtml(response.body));
  const document = html ? decodeDocument(response) : undefined;
  checkPageResponse(response, document?.html);
  let scanned: HtmlScan | HtmlTooComplexError | undefined;
  const scan = () => {
    if (!scanned && document) scanned = scanHtml(document.html, ctx.options.maxPageReferences);
    return scanned;
  };
  return { response, document, scan, directives: () => directivesOf(response, scan()) };
}

/** A page beyond parsing has no known directives: it is saved as downloaded, its links unknown. */
export function directivesOf(response: FetchedResource, scan: HtmlScan | HtmlTooComplexError | undefined): PageDirectives {
  const meta = scan && !(scan instanceof HtmlTooComplexError) ? scan.robots : [];
  const header = (response.headers['x-robots-tag'] ?? '').toLowerCase();
  const none = meta.includes('none') || /\bnone\b/.test(header);
  return {
    index: !(none || meta.includes('noindex') || header.includes('noindex')),
    follow: !(none || meta.includes('nofollow') || header.includes('nofollow')),
  };
}

function looksLikeHtml(body: Buffer): boolean {
  return /^\s*(<!doctype html|<html|<head|<body)/i.test(body.subarray(0, 512).toString('latin1'));
}
