import type { DecodedDocument } from '../capture/encoding.js';
import type { RenderReport } from '../capture/manifest.js';
import type { FetchedResource, Fetcher, FetchInit } from '../fetch/fetcher.js';
import type { HtmlScan, HtmlTooComplexError } from '../parse/index.js';
import type { HtmlScanner } from '../parse/html-scan-pool.js';
import type { Picture } from '../render/picture.js';

/** What loading a page needs from its capture. */
export interface PageLoadContext {
  readonly fetcher: Fetcher;
  readonly signal: AbortSignal;
  readonly options: { readonly maxPageReferences: number };
  /**
   * Hands over responses a loader already has (a browser's requests): the capture's own
   * requests for those URLs are answered from them instead of the network. The first offer for a
   * URL stands, unless `over` (a frame's document as the render left it, over the one as served).
   */
  offer(responses: Iterable<FetchedResource>, over?: boolean): void;
  /**
   * Asks for a URL ahead of the capture, whose own request for it then takes that answer
   * (RecordedFirstFetcher.prefetch). Resolves with undefined when it failed.
   */
  prefetch(url: string, init: FetchInit): Promise<FetchedResource | undefined>;
  /**
   * Whether the capture has, or is getting, the answer for a URL (an earlier page's file, or one
   * a resumed crawl carries over): asking for it ahead of the capture would ask the site twice.
   */
  has(url: string): boolean;
  /**
   * Whether a page rendered from now on may still be checked against its own picture: once no
   * check can come (capture/render-guard.ts), a render takes none. Absent: it may.
   */
  mayCheck?(): boolean;
  /**
   * Whether the page's static copy (the page as served, saved at `path` as a capture that does
   * not render saves it), opened offline, shows the rendered page as a live copy must; undefined
   * when it could not be checked. Absent: no copy is checked.
   */
  staticCopyShows?(page: LoadedPage, path: string): Promise<boolean | undefined>;
  /**
   * Whether live pages the capture kept hold recorded answers for all these requests (`GET
   * <url>` keys), which a live copy's layer then finds in their replay files. Absent: none is
   * held (a single page's capture).
   */
  siteHolds?(keys: readonly string[]): boolean;
}

export interface PageLoadInit {
  /**
   * Runs the page's own request: a crawl passes its politeness queue here, so that only the
   * request waits its turn, not the work on the page.
   */
  gate?: <T>(request: () => Promise<T>) => Promise<T>;
  /** Parses the page's HTML (a crawl's pool of threads); otherwise it is parsed in this thread on first use. */
  scanner?: HtmlScanner;
  /**
   * A page to be rendered may come back read early, as soon as it looked quiet, with `settling`:
   * the caller (a single page's capture) makes and checks its copy while the render waits out
   * the rest of the page's quiet, and waits for `settling` before it keeps anything.
   */
  readEarly?: boolean;
  /** The start page's hash route (CaptureContext.startRoute): a render goes to the page there. */
  route?: string;
  /** Where the capture saves the page: a check of its static copy opens it there (PageLoadContext.staticCopyShows). */
  path?: string;
}

/** A page's robots directives, from its `<meta name="robots">` tags and X-Robots-Tag header. */
export interface PageDirectives {
  index: boolean;
  follow: boolean;
}

/**
 * A page as loaded, checked to be the page (not a 404, a bot wall or a server error) and, when
 * it is HTML, decoded. Its references are parsed on first use and kept: finding its links,
 * reading its directives and rewriting it share one parse.
 */
export interface LoadedPage {
  readonly response: FetchedResource;
  /** The page's text when it is HTML. */
  readonly document: DecodedDocument | undefined;
  /** Its references, or why it is beyond parsing; undefined when it is not HTML. */
  scan(): HtmlScan | HtmlTooComplexError | undefined;
  directives(): PageDirectives;
  /** Present when the page was rendered, or was to be. */
  readonly render?: RenderReport | undefined;
  /**
   * Not rendered, but saved as a rendered page's live copy, its scripts answered from what earlier
   * pages recorded (PageLoadContext.siteHolds): `served` is the page itself, with no picture to check against.
   */
  readonly answered?: boolean | undefined;
  /** A rendered page: the page as served, whose scripts a live copy keeps... */
  readonly served?: LoadedPage | undefined;
  /** ...and what the browser fetched while rendering (GET and POST requests), which a live copy replays. */
  readonly browserResponses?: readonly BrowserResponse[] | undefined;
  /** ...and the URLs of the GETs that failed there (the network, the address guard, a limit), which a live copy fails without a request. */
  readonly browserFailures?: readonly string[] | undefined;
  /** ...and the scripts its dedicated workers started from, whose sources a live copy embeds. */
  readonly workerScripts?: readonly string[] | undefined;
  /** ...and the scripts it loaded as modules, which a live copy keeps in its import map. */
  readonly moduleScripts?: readonly string[] | undefined;
  /** ...and the images whose pixels its scripts read, which a live copy gives as blob: URLs (replay-read-back.ts). */
  readonly readBackImages?: readonly string[] | undefined;
  /** When the rendered document's navigation started (ms since 1970): a live copy's clock starts there. */
  readonly renderedAt?: number | undefined;
  /** How the rendered page looked and read: what a check of its copies compares them with. */
  readonly picture?: Picture | undefined;
  /**
   * A page read early (PageLoadInit.readEarly): resolves once its render ended, with undefined
   * when the page stayed as read (this page is the page), or with the page as read at the end.
   */
  readonly settling?: Promise<LoadedPage | undefined> | undefined;
  /**
   * A page read early that stayed as read: what its render recorded after the read, once it
   * ended (what the page's "more" buttons asked for: render/press-buttons.ts), for its live copy.
   */
  readonly laterResponses?: Promise<readonly BrowserResponse[]> | undefined;
}

/** A response the browser got while rendering, and what it loaded it as. */
export interface BrowserResponse {
  /** The request as the replay layer finds it: `GET <url>`, a POST with its body's hash (render/exchange.ts exchangeKey). */
  key: string;
  /** A HEAD's response carries its GET's body, which a replay of the HEAD leaves out. */
  method: 'GET' | 'HEAD' | 'POST';
  url: string;
  type: 'document' | 'script' | 'stylesheet' | 'image' | 'font' | 'media' | 'fetch' | 'xhr' | 'eventsource' | 'websocket' | 'other';
  response: FetchedResource;
}

/** A rendered page as saved: its original URL, its file in the copy folder, its report. */
export interface CheckTarget {
  url: string;
  file: string;
  report: RenderReport;
  /**
   * What the copy must meet to be of use: one whose text matches less, or with a failed or
   * online request, is not pictured (its check has no `pixelDiff`).
   */
  required?: { textMatch: number } | undefined;
  /** The rendered page's picture, when the page is checked as it is saved (else the loader's own). */
  original?: Picture | undefined;
}

/**
 * How a capture gets a page: the one seam between "a URL" and "a document to save", used by
 * single-page and site captures alike. The static loader fetches and decodes; a rendering
 * loader (render/) lets a browser build the page first.
 */
export interface PageLoader {
  /** Rejects with an ArchiveError when the page cannot be loaded or is not the page. */
  load(ctx: PageLoadContext, url: string, init?: PageLoadInit): Promise<LoadedPage>;
  /** When the loader began its first request, if that was before the capture began (an early request). */
  readonly startedAt?: Date | undefined;
  /**
   * Checks rendered pages in the copy as saved (see CheckTarget), writing the scores into their
   * reports; the capture calls it once every file is written, before the manifest.
   */
  verify?(targets: readonly CheckTarget[], signal: AbortSignal): Promise<void>;
  /** Ends what the loader started (a browser); the capture calls it when it ends. */
  close?(): Promise<void>;
}
