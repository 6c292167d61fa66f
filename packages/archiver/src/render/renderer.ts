import { trace } from '../trace.js';
import { availableParallelism } from 'node:os';
import type { FetchedResource } from '../fetch/fetcher.js';
import { loadedPage } from '../load/static-loader.js';
import type { BrowserResponse, LoadedPage, PageLoadContext } from '../load/page-loader.js';
import type { RenderCall, Renderer } from '../load/render-choice.js';
import type { ArchiveOptions } from '../options.js';
import { neutralizeScripts } from '../parse/index.js';
import { BrowserHost, type BrowserSource } from './browser-host.js';
import { GUARD_LIMITS } from '../capture/render-guard.js';
import type { RenderReport } from '../capture/manifest.js';
import type { Picture } from './picture.js';
import { parseRenderLimits } from './render-options.js';
import { renderPage, type RenderResult } from './render-page.js';
import { renderTurns } from './render-turns.js';
import type { RecordedExchange } from './exchange.js';
import type { FrameDocument } from './rendered-frames.js';
import { checkCopy, openCheckPage, type CheckPage } from './self-check.js';

const CHECK_BUDGET_MS = 8_000;
/** The end-of-capture checks of a site's pages run at once, at most (see verify). */
const CHECKS_AT_ONCE = 2;
/** Failed GETs a live copy fails without a request, at most (each is an address in its replay file). */
const MAX_FAILURES_REPLAYED = 500;

/**
 * The renderer of one capture: one browser, started on the first page that needs it (or the
 * browser `source` lends), a tab per page in one context. A rendered page is saved as a snapshot:
 * the DOM its scripts built, with the scripts removed (they already ran; run again offline they
 * would build the page twice or tear it down). Its resources come from what the browser fetched.
 */
export function createRenderer(options: Pick<ArchiveOptions, 'userAgent' | 'renderTimeoutMs'>, source?: BrowserSource): Renderer {
  const host = new BrowserHost({ userAgent: options.userAgent }, source);
  // Made when a page is known to need rendering (or, rendering always, when the capture starts).
  host.warm();
  // The originals of the pages the self-check will look at, by URL; the first few only (a
  // picture is a few hundred KB, and a site can have thousands of pages).
  const pictures = new Map<string, Picture>();
  // A page opened for the first page's self-check once that page first looks quiet, while it
  // settles and its copies are written: its live copy is checked there (then its snapshot, when needed).
  let spare: Promise<CheckPage> | undefined;
  let spareOpened = false;
  const checkPage = async (): Promise<CheckPage> => {
    // Taken before waiting: checks of a site's pages ask side by side, and one spare serves one.
    const taken = spare;
    spare = undefined;
    const opened = await taken?.catch(() => undefined);
    if (opened && !opened.lease.lost.aborted) return opened;
    if (opened) await opened.lease.close();
    return openCheckPage(host);
  };
  const limits = parseRenderLimits({ totalTimeoutMs: options.renderTimeoutMs, snapshotReserveMs: Math.min(2_000, options.renderTimeoutMs / 4) });
  // A browser of its own renders one page per core at once, two while the machine idles (a
  // source has slots of its own): a full mirror asks for 8 pages at a time, and 8 tabs on 2 busy
  // cores each took ~17 s and ran past the render timeout. A page's time starts when it gets its turn.
  const turns = source ? undefined : renderTurns(() => host.memoryShare(), availableParallelism());
  const languagesAsked = new Set<string>();
  const fruitlessControls = new Set<string>();
  const searchesTyped = new Set<string>();
  const renderIn = (ctx: PageLoadContext, page: LoadedPage, route: string | undefined, onQuieting: () => void, onEarlyRead?: (early: RenderResult) => void): Promise<RenderResult> => {
    // Its picture serves its own check or, among the first few, the end-of-capture check.
    const wantsPicture = () => pictures.size < GUARD_LIMITS.checks || (ctx.mayCheck?.() ?? true);
    const run = () =>
      renderPage(page.response.url, { fetcher: ctx.fetcher, host, signal: ctx.signal, limits, document: page.response, route, onQuieting, wantsPicture, onEarlyRead, languagesAsked, fruitlessControls, searchesTyped });
    if (!turns) return run();
    // The result goes on at once, but the turn lasts until the page's picture is taken and its
    // tab closed: a picture is browser work too, and the next page's render would share the core.
    return new Promise((resolve, reject) => {
      turns
        .add(
          async () => {
            const result = await run();
            resolve(result);
            await result.closed;
          },
          { signal: ctx.signal },
        )
        .catch(reject);
    });
  };

  /** A rendered page as the capture saves it: a snapshot of its DOM, with what its live copy needs. */
  const renderedPage = (ctx: PageLoadContext, page: LoadedPage, reason: string, result: RenderResult): LoadedPage => {
    // A frame's address answers with the document the render left there: over the one as served
    // that deciding read (script-fills-page.ts), and before the browser's (the first offer stands).
    ctx.offer(result.frames.map((frame) => frameResponse(frame, result.exchanges)), true);
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
    const key = page.response.requestedUrl;
    // A later read of a page read early replaces that read's picture.
    if (result.picture && (pictures.has(key) || pictures.size < GUARD_LIMITS.checks)) pictures.set(key, result.picture);
    return {
      ...rendered,
      served: page,
      picture: result.picture,
      browserResponses: browserResponses(result.exchanges),
      browserFailures: result.blocked
        .filter(({ method, reason }) => method === 'GET' && (reason === 'fetch-failed' || reason === 'limit'))
        .slice(0, MAX_FAILURES_REPLAYED)
        .map(({ url }) => url),
      workerScripts: result.workers,
      moduleScripts: result.modules,
      ...(result.readBack.length > 0 ? { readBackImages: result.readBack } : {}),
      renderedAt: result.timeOrigin,
      render: renderReport(reason, result),
    };
  };
  return {
    async render(ctx: PageLoadContext, page: LoadedPage, reason: string, options: RenderCall = {}): Promise<LoadedPage> {
      // The first page to load is checked once saved: its check pages open while it waits out its
      // quiet time (the browser idles then). Once only: pages of a site render side by side and all start "first".
      // Not in a lent browser: each page there takes one of the slots other captures share, and a
      // capture holding three at once (its render and two check pages) starved the others.
      const onQuieting = () => {
        if (source || spareOpened) return;
        spareOpened = true;
        spare = openCheckPage(host);
        spare.catch(() => undefined);
      };
      if (!options.readEarly) return renderedPage(ctx, page, reason, await renderIn(ctx, page, options.route, onQuieting));
      let earlyRead: RenderResult | undefined;
      let readEarly!: (early: RenderResult) => void;
      const early = new Promise<RenderResult>((resolve) => (readEarly = resolve));
      const full = renderIn(ctx, page, options.route, onQuieting, (result) => readEarly((earlyRead = result)));
      const first = await Promise.race([early, full]);
      const loaded = renderedPage(ctx, page, reason, first);
      if (first !== earlyRead) return loaded;
      // What the render recorded after the read, the page unchanged: what its "more" buttons asked for (press-buttons.ts).
      const read = first.exchanges.length;
      const laterResponses = full.then(
        (final) => (final === first ? browserResponses(final.exchanges.slice(read)) : []),
        () => [],
      );
      // Read early: the page as it ends, unless it stayed as read (or the render failed after: the read stands).
      const settling = full.then(
        (final) => {
          // The manifest holds the early read's report: it says how the render ended.
          const render = Object.assign(loaded.render!, renderReport(reason, final));
          return final === first ? undefined : { ...renderedPage(ctx, page, reason, final), render };
        },
        () => undefined,
      );
      return { ...loaded, settling, laterResponses };
    },
    async verify(targets, signal) {
      const queue = [...targets];
      const checkNext = async () => {
        for (let target = queue.shift(); target !== undefined; target = queue.shift()) {
          const original = target.original ?? pictures.get(target.url);
          if (!original || signal.aborted) continue;
          try {
            target.report.check = await checkCopy(await checkPage(), target.file, original, CHECK_BUDGET_MS, signal, target.required);
          } catch (error) {
            // A check that fails (the browser died, time ran out) leaves the page unchecked.
            trace(`check: ${target.file} failed: ${String((error as Error).message).split('\n')[0]}`);
          }
        }
      };
      // Side by side in a browser of its own: a check mostly waits (its copy's load, its quiet).
      // In a lent one each tab takes a slot that other captures share.
      await Promise.all(Array.from({ length: source ? 1 : CHECKS_AT_ONCE }, checkNext));
    },
    async close() {
      // A spare no check took (the page was saved without one) goes before the browser.
      await spare?.then((check) => check.lease.close(), () => undefined);
      spare = undefined;
      await host.close();
    },
  };
}

/** The exchanges a live copy may answer from (no PUT, no DELETE: the recorder refused them). */
function browserResponses(exchanges: readonly RecordedExchange[]): BrowserResponse[] {
  return exchanges.flatMap(({ key, method, url, resourceType: type, response }) =>
    method === 'GET' || method === 'HEAD' || method === 'POST' ? [{ key, method, url, type, response }] : [],
  );
}

/** What the manifest says of a page's render (a snapshot until its save decides otherwise). */
function renderReport(reason: string, result: RenderResult): RenderReport {
  const posted = result.exchanges.filter((exchange) => exchange.method === 'POST');
  return {
    output: 'snapshot',
    reason,
    settled: result.settled,
    requests: result.exchanges.length,
    refused: result.blocked.length,
    refusedRequests: result.blocked.slice(0, 20).map(({ method, url, reason, message }) => ({ method, url, reason, message })),
    posted: posted.slice(0, 20).map(({ url, requestBodySha256, response }) => ({ url, requestBodySha256, status: response.status })),
    durationMs: Math.round(result.timings.total),
  };
}

/** A frame's rendered document as the response at its address, with the status and headers it was served with. */
function frameResponse(frame: FrameDocument, exchanges: readonly RecordedExchange[]): FetchedResource {
  const served = exchanges.find((exchange) => exchange.method === 'GET' && exchange.url === frame.url)?.response;
  return {
    requestedUrl: frame.url,
    url: frame.url,
    status: served?.status ?? 200,
    headers: served?.headers ?? {},
    mimeType: 'text/html',
    charset: 'utf-8',
    body: Buffer.from(frame.html, 'utf8'),
    redirects: [],
  };
}
