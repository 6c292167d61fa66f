import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CopyCheck } from '../capture/manifest.js';
import type { CDPSession, Page } from 'playwright-core';
import type { BrowserHost, PageLease } from './browser-host.js';
import { pixelDiffPercent, textMatch } from './compare.js';
import { call, COPY_SCROLL_STEPS, MS_SINCE_MUTATION, RESTART_QUIET_IF_SCRIPTED, SCROLL_THROUGH, SCROLL_TO_TOP } from './in-page.js';
import { pageText, PICTURE_HEIGHT, pictureSession, screenshot, type Picture } from './picture.js';
import { within } from './race.js';
import { settle } from './settle.js';
import { trace } from '../trace.js';

/** A blank tab of the capture's context, every request to the network refused: where a copy is checked. */
export interface CheckPage {
  lease: PageLease;
  page: Page;
  session: Promise<CDPSession>;
  /** Requests that tried to reach the network (refused), and requests that failed (those included). */
  online: number;
  failed: number;
  /** How long no request of the copy has been in flight (0 while one is). */
  quietForMs(): number;
}

/**
 * Opens a page to check a copy in. Opening one takes a good part of a check (a window and a
 * renderer process to start), so the renderer opens them early: while the page to be checked
 * settles, before its copies are written.
 */
export async function openCheckPage(host: BrowserHost): Promise<CheckPage> {
  const lease = await host.openPage();
  const { page } = lease;
  try {
    const check = { lease, online: 0, failed: 0 };
    await Promise.all([
      page.route('**/*', (route) => {
        // Routing sees the copy's own files too: those load as a user's browser would load them.
        if (route.request().url().startsWith('file:')) return route.continue();
        check.online++;
        return route.abort('internetdisconnected');
      }),
      // The DOM's last change is known from the start: a copy whose scripts do not run (a
      // snapshot) is quiet as soon as it is parsed, and waits for nothing more.
      page.addInitScript(call(MS_SINCE_MUTATION)),
    ]);
    const session = pictureSession(page);
    // A live copy's scripts may wait on its own files (a chunk a router loads) with the DOM still:
    // at a load of 20 or more, longer than the DOM's quiet time.
    let inFlight = 0;
    let lastRequest = performance.now();
    const ended = () => {
      inFlight = Math.max(0, inFlight - 1);
      lastRequest = performance.now();
    };
    page.on('request', () => {
      inFlight++;
      lastRequest = performance.now();
    });
    page.on('requestfinished', ended);
    trace('check: page open');
    // Missing files, requests the copy's CSP stopped (an address built at run time), and those refused above.
    page.on('requestfailed', (request) => {
      check.failed++;
      ended();
      trace(`check: failed ${request.url().slice(0, 200)} (${request.failure()?.errorText ?? 'failed'})`);
    });
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
    const quietForMs = () => (inFlight > 0 ? 0 : performance.now() - lastRequest);
    return Object.assign(check, { page, session, quietForMs });
  } catch (error) {
    await lease.close();
    throw error;
  }
}

/**
 * As the original was: scrolled through (lazy images load), then back to the top, in one round
 * trip. A copy whose scripts run (the replay layer did) is given its quiet time from there, as
 * the original was after scrolling: its scripts may still be building it.
 */
const SCROLL_AS_ORIGINAL = `async (steps) => {
  try { await (${SCROLL_THROUGH})((${COPY_SCROLL_STEPS})(steps)); } catch {}
  (${SCROLL_TO_TOP})();
  (${RESTART_QUIET_IF_SCRIPTED})();
}`;

/** A copy's picture is not part of its budget (one took 0.1–0.6 s at load 23, seconds at 40). */
const PICTURE_TIMEOUT_MS = 30_000;

async function picture(check: CheckPage, name: string, signal: AbortSignal): Promise<Buffer> {
  // Bounded as page.screenshot's default timeout bounded it: a copy whose scripts spin blocks it.
  const shot = await within(screenshot(check.page, check.session), PICTURE_TIMEOUT_MS, signal);
  if (!shot.done) throw new Error(`The copy ${name} could not be pictured in time.`);
  trace(`check: ${name} pictured`);
  return shot.value;
}

/**
 * Opens the saved copy `file` from file:// in `check` (a page of its own, see openCheckPage;
 * closed here), waits for it to load and go quiet, and compares it with `original`. `budgetMs`
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
  const { page } = check;
  try {
    const name = basename(file);
    trace(`check: ${name} start`);
    const until = performance.now() + budgetMs;
    const left = () => Math.max(0, until - performance.now());
    await within(page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: 0 }).catch(() => undefined), left(), signal);
    trace(`check: ${name} loaded`);
    await within(page.evaluate(call(SCROLL_AS_ORIGINAL, { picture: Math.ceil(PICTURE_HEIGHT / 800), original: original.scrollSteps })), left(), signal).catch(() => undefined);
    await settle(page, check, { quietMs: 300, budgetMs: Math.min(left(), 3_000) }, signal);
    trace(`check: ${name} quiet`);
    const text = await pageText(page);
    const scores = { textMatch: textMatch(original.text, text), failedRequests: check.failed, onlineRequests: check.online };
    if (required && (scores.textMatch < required.textMatch || scores.failedRequests > 0 || scores.onlineRequests > 0)) return { browser: 'chromium', ...scores };
    let png = await picture(check, name, signal);
    // A copy whose text changed while it was pictured was still being built by its scripts (a
    // chunk after hydration, then React's commit: at a load of 20 or more, after 300 ms of a
    // still DOM): it gets its quiet again and is pictured again, once, so that text and pixels
    // are of one moment.
    const after = await pageText(page);
    if (after !== text) {
      await settle(page, check, { quietMs: 300, budgetMs: Math.min(left(), 3_000) }, signal);
      png = await picture(check, name, signal);
      scores.textMatch = textMatch(original.text, await pageText(page));
    }
    const pixelDiff = pixelDiffPercent(await original.png, png);
    trace(`check: ${name} compared`);
    return { browser: 'chromium', pixelDiff, ...scores };
  } finally {
    // Not waited for: the scores are known, and the capture goes on to write its ZIP meanwhile
    // (closing a tab or context took 15–650 ms). One that will not close still gets its browser killed.
    void check.lease.close();
  }
}
