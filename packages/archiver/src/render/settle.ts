import { setTimeout as delay } from 'node:timers/promises';
import type { Frame, Page } from 'playwright-core';
import { call, DOM_CHANGES, DOM_STATE } from './in-page.js';
import { raceSignal, within } from './race.js';

/** What says how long no request of the page has been in flight. */
export interface Network {
  quietForMs(): number;
  /**
   * Whether a request has been in flight so long that it no longer counts (a tracker that never
   * answers): the load event it holds may never come, so a document need not have loaded to be quiet.
   */
  stalledInFlight(): boolean;
}

/** Same-origin frames whose DOM counts towards the page's quiet, at most. */
const MAX_FRAMES = 8;

/** What the page's documents say: the least time any has been still, and whether one is still loading. */
interface DomState {
  still: number;
  loading: boolean;
}

/**
 * How long the page's DOM has been still, its same-origin frames' included (a component
 * explorer's preview, an editor: the page's own content, built while the page itself is
 * still). Other sites' frames (ads, embeds, which may animate for ever) do not count.
 */
async function domState(page: Page, untilComplete: boolean): Promise<DomState> {
  const main = page.mainFrame();
  const frames = watchedFrames(page);
  const states = await Promise.all([
    main.evaluate(call(DOM_STATE, untilComplete)) as Promise<DomState>,
    // A frame gone (navigated, removed) while asked says nothing.
    ...frames.map((frame) => (frame.evaluate(call(DOM_STATE, untilComplete)) as Promise<DomState>).catch(() => ({ still: Infinity, loading: false }))),
  ]);
  return { still: Math.min(...states.map((state) => state.still)), loading: states.some((state) => state.loading) };
}

/** The page's same-origin frames, whose DOM counts as the page's (see domState). */
function watchedFrames(page: Page): Frame[] {
  const main = page.mainFrame();
  const origin = originOf(main.url());
  return page.frames().filter((frame) => frame !== main && origin !== undefined && originOf(frame.url()) === origin).slice(0, MAX_FRAMES);
}

/**
 * What says whether the page's documents changed between two calls: each watched document's
 * count of changes, by its frame's address (a frame gone or come changes it too).
 */
export async function domChanges(page: Page): Promise<string> {
  const main = page.mainFrame();
  const counts = await Promise.all(
    [main, ...watchedFrames(page)].map(async (frame) => `${frame.url()} ${String(await frame.evaluate(call(DOM_CHANGES)).catch(() => 'gone'))}`),
  );
  return counts.join('\n');
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Waits until the page is quiet: its documents (same-origin frames' included) loaded, no request in
 * flight, no DOM mutation and no long task for `quietMs`, all at once. Gives up once `budgetMs` has
 * passed since a document was last seen loading (false: a page that animates for ever is taken as
 * it is), and `loadingMs` after the start at most (a frame whose bundle is on its way, or compiling,
 * on a loaded machine); rejects only when `signal` aborts (the render's hard cap).
 */
export async function settle(
  page: Page,
  network: Network,
  options: {
    quietMs: number;
    budgetMs: number;
    loadingMs?: number | undefined;
    quieting?: { ms: number; call: () => void } | undefined;
    /** Once quiet for `ms` (less than `quietMs`), asked every beat whether the page is already what it should become: quiet enough if so. */
    enough?: { ms: number; test: () => Promise<boolean> } | undefined;
  },
  signal: AbortSignal,
): Promise<boolean> {
  const { enough } = options;
  const started = performance.now();
  const latest = started + Math.max(options.budgetMs, options.loadingMs ?? 0);
  let until = started + options.budgetMs;
  // Called once, the first time the page has been quiet for `quieting.ms` (less than `quietMs`).
  let quieting = options.quieting;
  for (;;) {
    const left = until - performance.now();
    if (left <= 0) return false;
    // A document that does not answer is busy (a bundle booting on a loaded machine took longer
    // than a short budget to answer): it is waited for as long as a loading one would be.
    const dom = await within(domState(page, !network.stalledInFlight()), latest - performance.now(), signal);
    if (!dom.done) return false;
    if (dom.value.loading) until = Math.min(latest, Math.max(until, performance.now() + options.budgetMs));
    const quiet = Math.min(dom.value.still, network.quietForMs());
    if (quieting && quiet >= quieting.ms) {
      quieting.call();
      quieting = undefined;
    }
    if (quiet >= options.quietMs) return true;
    if (enough && quiet >= enough.ms) {
      // Bounded as the DOM's reading is: a page whose scripts spin from now on never answers.
      const answered = await within(enough.test(), latest - performance.now(), signal);
      if (!answered.done) return false;
      if (answered.value) return true;
    }
    const next = quieting && quieting.ms > quiet ? quieting.ms : enough && enough.ms > quiet ? enough.ms : enough ? quiet : options.quietMs;
    const wait = Math.min(Math.max(next - quiet, 50), until - performance.now());
    if (wait <= 0) return false;
    await raceSignal(delay(wait, undefined, { signal }).catch(() => undefined), signal);
  }
}
