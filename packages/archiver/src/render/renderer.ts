import type { FetchedResource } from '../fetch/fetcher.js';
import { loadedPage } from '../load/static-loader.js';
import type { LoadedPage, PageLoadContext } from '../load/page-loader.js';
import type { Renderer } from '../load/render-choice.js';
import type { ArchiveOptions } from '../options.js';
import { neutralizeScripts } from '../parse/index.js';
import { BrowserHost } from './browser-host.js';
import { parseRenderLimits } from './render-options.js';
import { renderPage } from './render-page.js';

/**
 * The renderer of one capture: one browser, started on the first page that needs it, a fresh
 * context per page. A rendered page is saved as a snapshot: the DOM its scripts built, with the
 * scripts removed (they already ran; run again offline they would build the page twice or tear
 * it down). Its resources come from what the browser fetched.
 */
export function createRenderer(options: Pick<ArchiveOptions, 'userAgent' | 'renderTimeoutMs'>): Renderer {
  const host = new BrowserHost({ userAgent: options.userAgent });
  const limits = parseRenderLimits({ totalTimeoutMs: options.renderTimeoutMs, snapshotReserveMs: Math.min(2_000, options.renderTimeoutMs / 4) });
  return {
    async render(ctx: PageLoadContext, page: LoadedPage, reason: string): Promise<LoadedPage> {
      const result = await renderPage(page.response.url, { fetcher: ctx.fetcher, host, signal: ctx.signal, limits, document: page.response });
      ctx.offer(result.exchanges.flatMap((exchange) => (exchange.method === 'GET' ? [exchange.response] : [])));
      const html = neutralizeScripts(result.html);
      // Relative references in the DOM resolve against where the page was when it was read.
      const at = /^https?:/.test(result.locationHref) ? result.locationHref : result.finalUrl;
      const response: FetchedResource = {
        ...page.response,
        url: at,
        mimeType: 'text/html',
        charset: 'utf-8',
        body: Buffer.from(html, 'utf8'),
      };
      const rendered = loadedPage(ctx, response);
      return {
        ...rendered,
        render: {
          output: 'snapshot',
          reason,
          settled: result.settled,
          requests: result.exchanges.length,
          refused: result.blocked.length,
          durationMs: Math.round(result.timings.total),
        },
      };
    },
    close: () => host.close(),
  };
}
