import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CopyCheck } from '../capture/manifest.js';
import type { BrowserHost, PageLease } from './browser-host.js';
import { CheckTab, type CopyRequests } from './check-tab.js';
import { pixelDiffPercent } from './compare.js';
import { textMatch } from '../load/text-match.js';
import { call, COPY_SCROLL_STEPS, RESTART_QUIET_IF_SCRIPTED, SCROLL_THROUGH, SCROLL_TO_TOP } from './in-page.js';
import { pageText, PICTURE_HEIGHT, screenshot, type Picture } from './picture.js';
import { within } from './race.js';
import { settle } from './settle.js';
import { trace } from '../trace.js';

/** A check tab of the capture's context (check-tab.ts), lent for one copy: where a copy is checked. */
export interface CheckPage {
  lease: PageLease;
  tab: CheckTab;
  /** What the copy checked in it requests. */
  requests: CopyRequests;
}

/**
 * Opens a page to check a copy in: a capture's check tab given back by an earlier check, or a
 * new one. Opening one takes a good part of a check (a window and a renderer process to start),
 * so the renderer opens them early: while the page to be checked settles, before its copies are written.
 */
export async function openCheckPage(host: BrowserHost): Promise<CheckPage> {
  const lease = await host.openPage('check');
  try {
    const tab = await CheckTab.of(lease.page);
    trace('check: page open');
    return { lease, tab, requests: tab.use() };
  } catch (error) {
    await lease.close();
    throw error;
  }
}

/**
 * As the original was: scrolled through (lazy images load), then back to the top, in one round
 * trip. A copy whose scripts run (the replay layer did) and that scrolled is given its quiet time
 * from there, as the original was after scrolling: its scripts may be building what came into
 * view. One that fits its window did not move; its quiet counts from its last change (and its
 * last request), as the render's does: restarted, it cost every such page 300 ms.
 */
const SCROLL_AS_ORIGINAL = `async (steps) => {
  let moved = 0;
  try { moved = await (${SCROLL_THROUGH})((${COPY_SCROLL_STEPS})(steps)); } catch {}
  (${SCROLL_TO_TOP})();
  if (moved > 0) (${RESTART_QUIET_IF_SCRIPTED})();
}`;

/** The quiet a copy is given before it is judged: no request, DOM change or long task for that long. */
const COPY_QUIET_MS = 300;
/**
 * A copy whose text is already the original's once still for this long is pictured then, not
 * after the whole quiet (a third of a page's check): what a copy has left to do once it reads as
 * the original is mostly drawing, which its picture then shows (see checkCopy).
 */
const AT_REST_MS = 100;

/** How long a copy's page may take to answer past the check's budget. */
const ANSWER_MS = 2_000;

/** A copy's picture is not part of its budget (one took 0.1–0.6 s at load 23, seconds at 40). */
const PICTURE_TIMEOUT_MS = 30_000;
/** The quiet a copy held to a standard gets again when its text first falls short (see checkCopy). */
const SECOND_QUIET_MS = 1_000;

async function picture(check: CheckPage, name: string, signal: AbortSignal): Promise<Buffer> {
  // Bounded as page.screenshot's default timeout bounded it: a copy whose scripts spin blocks it.
  const shot = await within(screenshot(check.tab.page, check.tab.session), PICTURE_TIMEOUT_MS, signal);
  if (!shot.done) throw new Error(`The copy ${name} could not be pictured in time.`);
  trace(`check: ${name} pictured`);
  return shot.value;
}

/**
 * Opens the saved copy `file` from file:// in `check` (see openCheckPage; given back or closed
 * here), waits for it to load and go quiet, and compares it with `original`. `budgetMs`
 * bounds the waiting; a copy that never loads is pictured as it is then.
 */
export async function checkCopy(
  check: CheckPage,
  file: string,
  original: Picture,
  budgetMs: number,
  signal: AbortSignal,
  required?: { textMatch: number },
): Promise<CopyCheck> {
  const { requests, tab } = check;
  const { page } = tab;
  // A check that ended (the copy pictured, or refused before) gives its tab back for the next copy;
  // one that threw (a copy that spins, a browser that died) closes it.
  let ended = false;
  try {
    const name = basename(file);
    trace(`check: ${name} start`);
    const until = performance.now() + budgetMs;
    const left = () => Math.max(0, until - performance.now());
    await within(page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: 0 }).catch(() => undefined), left(), signal);
    trace(`check: ${name} loaded`);
    // A copy held to a standard (the live copy) is refused at its first failed request: its
    // quiet is not waited for then (swagger-ui's live copy: 0.6 s of a 4.3 s capture).
    const waits = required ? AbortSignal.any([signal, requests.firstFailure]) : signal;
    await within(page.evaluate(call(SCROLL_AS_ORIGINAL, { picture: Math.ceil(PICTURE_HEIGHT / 800), original: original.scrollSteps })), left(), waits).catch(() => undefined);
    // A copy that already reads as the original once still for AT_REST_MS is pictured then; its
    // picture must then be the original's to the pixel, or it gets the rest of its quiet after all.
    let atRest = false;
    const showsOriginal = async () => (atRest = (await pageText(page).catch(() => '')) === original.text);
    await settle(page, requests, { quietMs: COPY_QUIET_MS, budgetMs: Math.min(left(), 3_000), loadingMs: left(), enough: { ms: AT_REST_MS, test: showsOriginal } }, waits).catch(
      (error: unknown) => {
        if (signal.aborted || !requests.firstFailure.aborted) throw error;
      },
    );
    trace(`check: ${name} ${atRest ? 'at rest as the original' : 'quiet'}`);
    // Bounded: a copy whose scripts spin (some spin only offline) would hold the check for ever.
    const read = async () => {
      const read = await within(pageText(page), left() + ANSWER_MS, signal);
      if (!read.done) throw new Error(`The copy ${name} did not answer: its scripts keep its page busy.`);
      return read.value;
    };
    let text = await read();
    const scoresOf = (shown: string) => {
      const match = textMatch(original.text, shown);
      return {
        textMatch: match,
        failedRequests: requests.failed,
        onlineRequests: requests.online,
        ...(requests.notSent > 0 ? { notSent: requests.notSent } : {}),
        ...(requests.prefetchesMissed > 0 ? { prefetchesMissed: requests.prefetchesMissed } : {}),
        ...(match < 1 && textMatch(original.text, shown, { numbers: false }) === 1 ? { numbersOnly: true } : {}),
      };
    };
    const scores = scoresOf(text);
    // A copy whose text falls short with nothing failed may still be building: workers that start
    // from blob: URLs make no request the quiet could wait for, and on a slow machine answered
    // after it (the workers fixture's live copy: text 0.46, then a snapshot). It gets a longer
    // quiet, once, before it is judged.
    if (required && scores.textMatch < required.textMatch && requests.failed === 0 && requests.online === 0 && left() > 0) {
      await settle(page, requests, { quietMs: SECOND_QUIET_MS, budgetMs: Math.min(left(), 3_000), loadingMs: left() }, waits).catch((error: unknown) => {
        if (signal.aborted || !requests.firstFailure.aborted) throw error;
      });
      text = await read();
      Object.assign(scores, scoresOf(text));
    }
    if (required && (scores.textMatch < required.textMatch || scores.failedRequests > 0 || scores.onlineRequests > 0)) {
      ended = true;
      return { browser: 'chromium', ...scores };
    }
    let png = await picture(check, name, signal);
    // A copy whose text changed while it was pictured was still being built by its scripts (a
    // chunk after hydration, then React's commit: at a load of 20 or more, after 300 ms of a
    // still DOM): it gets its quiet again and is pictured again, once, so that text and pixels
    // are of one moment.
    const after = await read();
    const again = async () => {
      await settle(page, requests, { quietMs: COPY_QUIET_MS, budgetMs: Math.min(left(), 3_000), loadingMs: left() }, signal);
      png = await picture(check, name, signal);
      Object.assign(scores, scoresOf(await read()));
    };
    if (after !== text) await again();
    const compare = async () => pixelDiffPercent(await original.png, png, (await original.moving) ?? []);
    let pixelDiff = await compare();
    // Pictured at rest, a copy whose pixels are not yet the original's (an image still decoding, a
    // chart drawn by its timers) is given the quiet every copy had and is judged by its picture then.
    if (atRest && after === text && pixelDiff > 0) {
      trace(`check: ${name} ${pixelDiff} % px at rest, pictured again after its quiet`);
      await again();
      pixelDiff = await compare();
    }
    trace(`check: ${name} compared: ${pixelDiff} % px, text ${scores.textMatch}`);
    ended = true;
    return { browser: 'chromium', pixelDiff, ...scores };
  } finally {
    // Not waited for: the scores are known, and the capture goes on to write its ZIP meanwhile
    // (closing a tab took 15–650 ms). One that will not close still gets its browser killed.
    tab.release();
    void check.lease.close(ended);
  }
}
