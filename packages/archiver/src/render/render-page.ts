import { setTimeout as delay } from 'node:timers/promises';
import type { CDPSession, Page } from 'playwright-core';
import { ArchiveError } from '../errors.js';
import type { FetchedResource, Fetcher } from '../fetch/fetcher.js';
import { parsePageUrl } from '../page-url.js';
import { isHtmlType } from '../resolve/content-types.js';
import { inlineBlobs } from './blob-addresses.js';
import type { BrowserHost, PageLease } from './browser-host.js';
import type { BlockedRequest, RecordedExchange } from './exchange.js';
import { ExchangeRecorder } from './exchange-recorder.js';
import { visitHashRoutes } from './hash-routes.js';
import { linkVariants, PAGE_LINKS } from './link-variants.js';
import { call, INLINE_CSSOM, SCROLL_THROUGH, SCROLL_TO_TOP, SERIALIZE, type Snapshot } from './in-page.js';
import type { Box } from './compare.js';
import { movingAreas, pageText, screenshot, type Picture } from './picture.js';
import { within } from './race.js';
import type { RenderLimits } from './render-options.js';
import { askOtherLanguages } from './other-languages.js';
import { pressMoreButtons } from './press-buttons.js';
import { pressOtherControls } from './press-controls.js';
import { typeInSearchBoxes } from './type-in-search.js';
import { keepingState } from './press-state.js';
import { RenderStop } from './render-stop.js';
import { RenderTab, type TabEvents } from './render-tab.js';
import { placeRenderedFrames, readFrames, type FrameDocument } from './rendered-frames.js';
import { domChanges, settle, type Network } from './settle.js';
import { trace } from '../trace.js';

export interface RenderDeps {
  /** Answers every request of the page (the only network access, as in a static capture). */
  fetcher: Fetcher;
  host: BrowserHost;
  signal: AbortSignal;
  limits: RenderLimits;
  /** The hash route to go to the page at (`#/guide`: the start address's), if any. */
  route?: string | undefined;
  /** The page's response when it was already fetched (a static load came first): not asked again. */
  document?: FetchedResource | undefined;
  /** Called once the loaded page first looks quiet, while the render waits out its quiet time (the renderer then opens its check pages). */
  onQuieting?: (() => void) | undefined;
  /** Asked once the DOM is read: whether a check may still want the page's picture (taken when absent). */
  wantsPicture?: (() => boolean) | undefined;
  /**
   * Given, the page is read as soon as it has been quiet for a short time (EARLY_QUIET_MS), and
   * handed here while the render waits out the rest of its quiet: a capture makes and checks that
   * read's copy meanwhile. The render's own result is then that same object when the page did not
   * change (no DOM change, no request, the same address; its picture is taken then), or a later
   * read of the page when it did (the early read's picture never comes).
   */
  onEarlyRead?: ((early: RenderResult) => void) | undefined;
  /** Files of messages in other languages asked for by the capture's renders so far (other-languages.ts): each once. */
  languagesAsked?: Set<string> | undefined;
  /** Labels of controls whose presses asked for nothing on the capture's pages so far (press-controls.ts): not pressed again. */
  fruitlessControls?: Set<string> | undefined;
  /** Search boxes (by label) typed into on the capture's pages so far (type-in-search.ts): each once. */
  searchesTyped?: Set<string> | undefined;
}

/** What the page did that the renderer stopped or answered on its behalf. */
export interface RenderEvents extends TabEvents {
  /** Main-frame navigations away from the page after it loaded, aborted. */
  navigationsBlocked: number;
}

/** Milliseconds. `navigation` runs to the load event, `settle` from there through scrolling to quiet. */
export interface RenderTimings {
  document: number;
  browser: number;
  navigation: number;
  settle: number;
  snapshot: number;
  total: number;
}

export interface RenderResult {
  url: string;
  /** The page's URL after redirects: the browser loaded the document there. */
  finalUrl: string;
  /** `location.href` when the DOM was read (history.pushState may have changed it). */
  locationHref: string;
  /** When the rendered document's navigation started (performance.timeOrigin, ms since 1970). */
  timeOrigin: number;
  /** HTTP status of the page. */
  status: number;
  /** The rendered DOM: doctype, root element, open shadow roots as declarative shadow DOM, frames placed (rendered-frames.ts). */
  html: string;
  /** The documents of the page's frames at addresses of their own, as the render left them, scripts removed. */
  frames: FrameDocument[];
  title: string;
  /** False when the load event had not come by the time the DOM had to be read. */
  loaded: boolean;
  /** False when the page was still busy (requests, DOM changes) when its time ran out. */
  settled: boolean;
  exchanges: RecordedExchange[];
  blocked: BlockedRequest[];
  /** The URLs of the scripts the page started dedicated workers with. */
  workers: string[];
  /** The URLs of the scripts the page loaded as modules. */
  modules: string[];
  /** The images whose pixels its scripts read (a WebGL texture's, a canvas's read back). */
  readBack: string[];
  /** The page's top as the browser showed it, and its text: what a copy is checked against. None when no check could use it. */
  picture: Picture | undefined;
  /** Resolves once the render's tab is closed (its slot given back): after its picture. */
  closed: Promise<void>;
  events: RenderEvents;
  timings: RenderTimings;
}

/**
 * Loads `url` in a tab of the capture's browser context, lets its scripts build the page,
 * scrolls through it and reads the DOM. Every HTTP(S) request of the page is answered by
 * `deps.fetcher` and recorded; everything else is refused. Rejects with an ArchiveError: the page's own fetch
 * failed (as a static capture would), TIMEOUT (the page held the browser past the cap),
 * TOO_LARGE (memory, DOM size, a crashed tab), ABORTED.
 */
export async function renderPage(url: string, deps: RenderDeps): Promise<RenderResult> {
  const started = performance.now();
  const pageUrl = parsePageUrl(url);
  const stop = new RenderStop(deps.signal, deps.limits.totalTimeoutMs, pageUrl);
  const recorder = new ExchangeRecorder({ fetcher: deps.fetcher, signal: stop.signal, limits: deps.limits });
  // The browser starts while the page's own request is on its way. (Its failure, if the page's
  // request fails first, is nobody's to handle.)
  const leasing = deps.host.openPage('render');
  leasing.catch(() => undefined);
  let lease: PageLease | undefined;
  let tab: RenderTab | undefined;
  // A tab whose render ended well goes back to the capture for its next page.
  let reusable = false;
  // The page's picture, taken after the result is out: the render's end waits for it.
  let picturing: Promise<unknown> | undefined;
  let ended!: () => void;
  const closed = new Promise<void>((resolve) => (ended = resolve));
  try {
    const document = await stop.race(recorder.document(pageUrl, deps.document));
    if (document.mimeType && !isHtmlType(document.mimeType)) {
      throw new ArchiveError('HTTP_ERROR', `${document.url} is not an HTML page (${document.mimeType}): there is nothing to render.`);
    }
    const documentAt = performance.now();
    lease = await stop.race(leasing);
    stop.follow(lease.lost);
    const browserAt = performance.now();
    tab = await stop.race(RenderTab.of(lease.page));
    const made = { pageUrl, document, recorder, closed, started, documentAt, browserAt };
    const resultOf = (run: Run) => renderResult(run, made);
    let early: { run: Run; result: RenderResult } | undefined;
    const { onEarlyRead } = deps;
    const onEarly =
      onEarlyRead &&
      ((run: Run) => {
        early = { run, result: resultOf(run) };
        onEarlyRead(early.result);
      });
    const run = await drive(tab, `${document.url.split('#')[0]}${deps.route ?? ''}`, recorder, stop, deps, started, onEarly);
    picturing = run.picture?.png;
    reusable = true;
    // Read and pictured: what the page's "more" buttons ask for is recorded for its live copy.
    // So are the files of messages in the other languages it offers (other-languages.ts).
    const leftAfterRead = () => started + deps.limits.totalTimeoutMs - deps.limits.snapshotReserveMs - performance.now();
    const unpressed = { presses: 0, hung: false };
    const { page } = tab;
    const other = await keepingState(page, stop, async () => {
      const more = await pressMoreButtons(page, recorder, stop, leftAfterRead, picturing).catch(() => unpressed);
      if (more.hung) return more;
      await askOtherLanguages(page, recorder, stop, leftAfterRead, deps.languagesAsked ?? new Set()).catch(() => 0);
      // Then what its other controls (tabs, disclosures, a dialog's button) ask for,
      const others = await pressOtherControls(page, recorder, stop, leftAfterRead, picturing, deps.fruitlessControls ?? new Set()).catch(() => unpressed);
      if (others.hung) return others;
      // and its search boxes as someone types.
      const typed = await typeInSearchBoxes(page, recorder, stop, leftAfterRead, deps.searchesTyped ?? new Set()).catch(() => ({ boxes: 0, hung: false }));
      return { presses: others.presses, hung: typed.hung };
    });
    // A page a press hung is not given another.
    if (other.hung) reusable = false;
    // The page as read early, unchanged: the same result, its time and settling as they ended.
    if (early?.run === run) {
      const { settled, timings } = resultOf(run);
      return Object.assign(early.result, { settled, timings });
    }
    return resultOf(run);
  } catch (error) {
    // Playwright's own error ("Target closed") can come before the stop it follows from.
    throw stop.signal.aborted ? stop.signal.reason : error;
  } finally {
    // Requests the page makes from here on are refused unrecorded: the result is out.
    recorder.finish();
    const end = async (pictured: boolean) => {
      // Not after its cap, a crash or a lost browser: a page that holds its tab is not given another.
      const keep = reusable && pictured && !stop.signal.aborted;
      stop.dispose();
      tab?.release();
      try {
        if (lease) await lease.close(keep);
        else void leasing.then((late) => late.close(), () => undefined);
      } finally {
        ended();
      }
    };
    // The picture still runs under the render's hard cap, in its tab.
    if (picturing) void picturing.then(() => end(true), () => end(false)).catch(() => undefined);
    else await end(true);
  }
}

/** What a render's result is made of besides its run (see renderResult). */
interface Made {
  pageUrl: string;
  document: FetchedResource;
  recorder: ExchangeRecorder;
  closed: Promise<void>;
  started: number;
  documentAt: number;
  browserAt: number;
}

function renderResult(run: Run, { pageUrl, document, recorder, closed, started, documentAt, browserAt }: Made): RenderResult {
  const end = performance.now();
  return {
    url: pageUrl,
    finalUrl: document.url,
    locationHref: run.snapshot.href,
    timeOrigin: run.snapshot.timeOrigin,
    status: document.status,
    html: run.snapshot.html,
    frames: run.frames,
    title: run.snapshot.title,
    loaded: run.loaded,
    settled: run.settled,
    exchanges: recorder.exchanges,
    blocked: recorder.blocked,
    workers: recorder.workers,
    modules: [...recorder.modules],
    readBack: run.snapshot.readBack,
    picture: run.picture,
    closed,
    events: { ...run.events, navigationsBlocked: recorder.navigationsBlocked },
    timings: {
      document: documentAt - started,
      browser: browserAt - documentAt,
      navigation: run.loadedAt - browserAt,
      settle: run.settledAt - run.loadedAt,
      snapshot: end - run.settledAt,
      total: end - started,
    },
  };
}

/** How long the page is quiet before the renderer is told it is quieting (see RenderDeps.onQuieting). */
const QUIETING_MS = 150;

/** How long the page is quiet before it is read early (RenderDeps.onEarlyRead): the rest of its quiet is waited after. */
const EARLY_QUIET_MS = QUIETING_MS;

/** Time the page's frames are given to be read, at most. */
const FRAMES_READ_MS = 5_000;

/** Time the rendered page's picture is given once its DOM is read. */
const PICTURE_TIMEOUT_MS = 10_000;

interface Run {
  snapshot: Snapshot;
  frames: FrameDocument[];
  picture: Picture | undefined;
  loaded: boolean;
  settled: boolean;
  loadedAt: number;
  settledAt: number;
  events: TabEvents;
}

async function drive(
  tab: RenderTab,
  documentUrl: string,
  recorder: ExchangeRecorder,
  stop: RenderStop,
  { limits, onQuieting, signal, wantsPicture }: RenderDeps,
  started: number,
  onEarly?: (run: Run) => void,
): Promise<Run> {
  const events = { dialogsDismissed: 0, popupsClosed: 0, downloadsRefused: 0, scrollSteps: 0 };
  // Asked once the DOM is read, as late as possible (see RenderDeps.wantsPicture).
  const pictured = () => wantsPicture?.() ?? true;
  tab.use({ recorder, stop, events });

  // Waiting on the page ends `snapshotReserveMs` before the cap, leaving time to read the DOM.
  const waitEnd = started + limits.totalTimeoutMs - limits.snapshotReserveMs;
  const left = () => waitEnd - performance.now();
  trace('render: tab open');
  const { page, session } = tab;
  const loaded = await navigate(page, documentUrl, left, stop, recorder, limits.quietMs);
  trace(loaded ? 'render: loaded' : 'render: not loaded in time');
  recorder.loaded();
  const loadedAt = performance.now();
  let settled = false;
  const budget = () => Math.min(limits.settleTimeoutMs, left());
  const quiet = (quietMs: number, quieting?: { ms: number; call: () => void }) =>
    settle(page, recorder, { quietMs, budgetMs: budget(), loadingMs: left(), quieting }, stop.signal);
  // Read early, the page is scrolled and read once quiet for a short time, the rest of its quiet after.
  const early = onEarly && loaded;
  const firstQuietMs = early ? EARLY_QUIET_MS : limits.quietMs;
  if (loaded) {
    // Opened at the load event, the check pages took the CPU the page's last requests and scripts
    // needed (a data loader's 40 ms answer came after 370 ms): they open in the page's quiet time.
    settled = await quiet(firstQuietMs, onQuieting && { ms: QUIETING_MS, call: onQuieting });
    trace('render: quiet after load');
    const scrolled = await within(page.evaluate(call(SCROLL_THROUGH, limits.maxScrollSteps)) as Promise<number>, left(), stop.signal);
    if (scrolled.done) {
      events.scrollSteps = scrolled.value;
      trace(`render: scrolled ${scrolled.value} steps`);
      // Back at the top before the quiet an early read waits for: what the page does when scrolled
      // there (VuePress marks the heading in view, a header shrinks back) is done before it is read.
      if (early && scrolled.value > 0) await stop.race(page.evaluate(call(SCROLL_TO_TOP)));
      if (scrolled.value > 0) {
        settled = await quiet(firstQuietMs);
        trace('render: quiet after scrolling');
      }
    } else {
      settled = false;
    }
    // Before the page's other links are asked for: a route's own links count too.
    await visitHashRoutes(page, recorder, stop, left).catch((error: unknown) => {
      if (stop.signal.aborted) throw error;
    });
    await within(askForLinks(page, recorder), left(), stop.signal).catch(() => undefined);
  }
  // Once only (the renderer's call): a page never quiet for that long is quieting now.
  onQuieting?.();
  // A page with frames is read once, after its whole quiet: a frame's document as read is the
  // response at its address, saved into the ZIP as soon as a copy asks for it (the early read's
  // copy would have saved a frame still drawing as it was then, and a later read cannot replace it).
  const framed = page.frames().length > 1;
  if (early && settled && framed) settled = await quiet(limits.quietMs);
  if (early && settled && !framed) {
    // What the page is before the read: unchanged after its quiet, the read is the page.
    const before = { dom: await stop.race(domChanges(page)), requests: recorder.activity() };
    trace('render: reading early');
    const read = await readPage(page, frameReadMs(limits, left), limits, stop);
    trace('render: DOM read early');
    const taking = !pictured() ? undefined : await pictureLater(page, session, stop, signal, events.scrollSteps);
    const run: Run = { ...read, picture: taking?.picture, loaded, settled, loadedAt, settledAt: performance.now(), events };
    onEarly(run);
    let same = false;
    try {
      settled = await quiet(limits.quietMs);
      const dom = await stop.race(domChanges(page));
      const href = (await stop.race(page.evaluate('location.href'))) as string;
      same = dom === before.dom && recorder.activity() === before.requests && href === read.snapshot.href;
    } finally {
      // The early read's picture comes only if it is the page's: one that failed or changed has none.
      if (same) taking?.take();
      else taking?.drop();
    }
    if (same) {
      trace('render: unchanged since read early');
      run.settled = settled;
      return run;
    }
    trace('render: changed since read early');
  }
  const settledAt = performance.now();
  trace('render: quiet');
  const read = await readPage(page, frameReadMs(limits, left), limits, stop);
  // After the DOM passed its size limit: a picture of a DOM bomb would take the whole budget.
  // (What INLINE_CSSOM changed looks the same: rules as they were, a canvas as its image.)
  trace('render: DOM read');
  // A picture is a few hundred ms of the browser's CPU: a large mirror's later pages, past the
  // checks a capture makes, were each pictured for nothing.
  const picture = !pictured() ? undefined : await takePicture(page, session, stop, signal, events.scrollSteps);
  return { ...read, picture, loaded, settled, loadedAt, settledAt, events };
}

/** Frames may take what is left of the wait and half the time reserved for reading the DOM. */
function frameReadMs(limits: RenderLimits, left: () => number): number {
  return Math.min(FRAMES_READ_MS, Math.max(0, left()) + limits.snapshotReserveMs / 2);
}

/** The page's DOM as it is now, its frames' documents placed. */
async function readPage(page: Page, framesMs: number, limits: RenderLimits, stop: RenderStop): Promise<Pick<Run, 'snapshot' | 'frames'>> {
  // From here on the hard cap alone bounds the waits: a page whose scripts never yield fails here.
  await stop.race(page.evaluate(call(SCROLL_TO_TOP)));
  const frames = await readFrames(page, limits.maxHtmlBytes, framesMs, stop.signal);
  if (frames.read.size > 0) trace(`render: ${frames.read.size} frames read`);
  await stop.race(page.evaluate(call(INLINE_CSSOM)));
  const read = (await stop.race(page.evaluate(call(SERIALIZE, limits.maxHtmlBytes)))) as Snapshot | { tooLarge: number };
  if ('tooLarge' in read) {
    throw new ArchiveError('TOO_LARGE', `The rendered page is ${read.tooLarge} characters long, more than the limit of ${limits.maxHtmlBytes}.`);
  }
  const blobs = await inlineBlobs(page, read.html, stop);
  if (blobs.inlined > 0) trace(`render: ${blobs.inlined} blob: addresses read as data: URLs`);
  const placed = placeRenderedFrames(blobs.html, frames);
  return { snapshot: { ...read, html: placed.html }, frames: placed.documents };
}

/**
 * An early read's picture: its text now, its pixels once the page is known not to have changed
 * (`take`; taking them could itself change it: a picture beyond the viewport resizes it). Dropped,
 * its pixels never come.
 */
async function pictureLater(
  page: Page,
  session: Promise<CDPSession>,
  stop: RenderStop,
  signal: AbortSignal,
  scrollSteps: number,
): Promise<{ picture: Picture; take: () => void; drop: () => void }> {
  const text = await stop.race(pageText(page));
  let take!: () => void;
  let drop!: () => void;
  const taken = new Promise<void>((resolve, reject) => {
    take = resolve;
    drop = () => reject(new Error('The page changed after it was read.'));
  });
  const shot = taken.then(() => pixels(page, session, signal));
  shot.catch(() => undefined);
  return { picture: { text, ...pictureOf(shot), scrollSteps }, take, drop };
}

/** The page's text now, and its picture on its way (the result does not wait for it). */
async function takePicture(page: Page, session: Promise<CDPSession>, stop: RenderStop, signal: AbortSignal, scrollSteps: number): Promise<Picture> {
  const text = await stop.race(pageText(page));
  return { text, ...pictureOf(pixels(page, session, signal)), scrollSteps };
}

/** A picture's parts, from its shot on its way. */
function pictureOf(shot: Promise<{ png: Buffer; moving: readonly Box[] }>): Pick<Picture, 'png' | 'moving'> {
  const png = shot.then((taken) => taken.png);
  const moving = shot.then((taken) => taken.moving);
  // A picture dropped (the page changed after it was read) or failed is nobody's error until asked for.
  png.catch(() => undefined);
  moving.catch(() => undefined);
  return { png, moving };
}

/**
 * The page's pixels, taken while the capture writes the copies and opens them (0.2–0.5 s it no
 * longer waits). They have time of their own, not what is left of the render's cap: they share the
 * machine with the check pages, and a render that ended near its cap lost its picture, and its check, to it.
 */
function pixels(page: Page, session: Promise<CDPSession>, signal: AbortSignal): Promise<{ png: Buffer; moving: readonly Box[] }> {
  const shot = within(Promise.all([movingAreas(page), screenshot(page, session)]), PICTURE_TIMEOUT_MS, signal).then((taken) => {
    if (!taken.done) throw new ArchiveError('TIMEOUT', 'The rendered page could not be pictured in time.');
    const [moving, png] = taken.value;
    return { png, moving };
  });
  shot.then(({ moving }) => trace(`render: pictured${moving.length > 0 ? ` (${moving.length} moving areas)` : ''}`), () => undefined);
  return shot;
}

// Links read from the page, and requests made for them, at most.
const MAX_LINKS = 500;
const MAX_LINK_VARIANTS = 200;

/** Makes, for the page's other links, the requests its scripts made for some (render/link-variants.ts). */
async function askForLinks(page: Page, recorder: ExchangeRecorder): Promise<void> {
  const links = (await page.evaluate(call(PAGE_LINKS, MAX_LINKS))) as string[];
  const variants = linkVariants(links, recorder.exchanges, MAX_LINK_VARIANTS);
  if (variants.length === 0) return;
  trace(`render: ${variants.length} requests like the page's for its other links`);
  await Promise.all(variants.map(({ url, like }) => recorder.askLike(url, like)));
}

/**
 * Goes to the page and waits, while `left()` ms remain, for its load event or for the page to be
 * quiet but for stalled requests (an image or script that never answers holds the load event for
 * ever, and the page is all there otherwise). False when neither came.
 */
async function navigate(page: Page, url: string, left: () => number, stop: RenderStop, network: Network, quietMs: number): Promise<boolean> {
  const polling = new AbortController();
  // The lifecycle event, or the document seen parsed by asking (see parsedDocument).
  const parsed = (event: Promise<unknown>) => within(Promise.race([event, parsedDocument(page, polling.signal)]), left(), stop.signal);
  try {
    if (!(await parsed(page.goto(url, { waitUntil: 'domcontentloaded', timeout: 0 }))).done) return false;
  } catch (error) {
    if (stop.signal.aborted) throw stop.signal.reason;
    // A script that navigates before the load event interrupts goto; the page that follows counts.
    if (!/^https?:/.test(page.url())) {
      throw new ArchiveError('NETWORK', `The browser could not load ${url}: ${String((error as Error).message).split('\n')[0]}`, { cause: error });
    }
    if (!(await parsed(page.waitForLoadState('domcontentloaded', { timeout: 0 }))).done) return false;
  } finally {
    polling.abort();
  }
  return loadedOrQuiet(page, network, quietMs, left(), stop.signal);
}

/** True in a page whose http(s) document is parsed (the tab's blank page before it is not). */
const IS_PARSED = `/^https?:$/.test(location.protocol) && document.readyState !== 'loading'`;

/**
 * Resolves once the tab's document is the page's, parsed, asking every 100 ms until `signal`
 * aborts: a page that calls `window.stop()` ends its load with no lifecycle event Playwright
 * sees, and `goto` waited for one until the render's cap.
 */
async function parsedDocument(page: Page, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    // Refused while the navigation replaces the document: asked again.
    if (await page.evaluate(IS_PARSED).catch(() => false)) return;
    await delay(100, undefined, { signal }).catch(() => undefined);
  }
  return new Promise(() => undefined);
}

/** The load event, or the page quiet (settle.ts) with only stalled requests in flight; false when `budgetMs` passed first. */
async function loadedOrQuiet(page: Page, network: Network, quietMs: number, budgetMs: number, signal: AbortSignal): Promise<boolean> {
  const loaded = new AbortController();
  try {
    const load = page.waitForLoadState('load', { timeout: 0 }).then(() => true);
    const quiet = settle(page, network, { quietMs, budgetMs }, AbortSignal.any([signal, loaded.signal]));
    const outcome = await within(Promise.race([load, quiet]), budgetMs, signal);
    return outcome.done && outcome.value;
  } finally {
    // Ends the other wait (settle's polling, once the load event came).
    loaded.abort();
  }
}
