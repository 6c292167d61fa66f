import type { Page } from '@playwright/test';
import { call, DOM_STATE, PAGE_TEXT } from '../../packages/archiver/src/render/in-page.js';

// How a page looks and reads once it has settled, taken the same way in every browser so that an
// original and its copies compare: the engine's self-check (packages/archiver/src/render/
// self-check.ts) pictures the same top three viewports of a 1280×800 window.

export interface PageView {
  /** PNG of the page's top: 1280 wide, min(page height, 2400) high. */
  png: Buffer;
  /** The body's rendered text (innerText), and that of its open shadow roots (as the engine reads it). */
  text: string;
}

/** What taking a view needs from a browser driver (Playwright's or Puppeteer's page). */
export interface ViewDriver {
  evaluate(source: string): Promise<unknown>;
  /** Resolves once `source` (an expression) is truthy in the page; rejects after `timeoutMs`. */
  waitFor(source: string, timeoutMs: number): Promise<void>;
  screenshot(height: number): Promise<Buffer>;
}

const QUIET_MS = 500;
// Long enough for a heavy page (Storybook's manager runs 5 MB of modules) to settle on a loaded
// 2-core machine: at 10 s the live original's view ran out there while the capture itself was right.
const QUIET_BUDGET_MS = 30_000;

// Milliseconds since the DOM last changed, shadow roots included (the engine's own measure; the
// first call installs its observer).
const SINCE_MUTATION = call(DOM_STATE);
const QUIET = `document.readyState === 'complete' && ${SINCE_MUTATION}.still > ${QUIET_MS}`;
// A viewport at a time, two frames apart (lazy content asks when it comes into view), then back up.
const SCROLL_THROUGH = `(async () => {
  const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const root = document.scrollingElement || document.documentElement;
  for (let y = innerHeight, steps = 0; steps < 3 && y < root.scrollHeight; y += innerHeight, steps++) {
    scrollTo(0, y);
    await frames();
  }
  scrollTo(0, 0);
  await frames();
})()`;

export const PAGE_VIEW = {
  width: 1280,
  height: 800,
  pictureHeight: 2400,
  /** Waits for quiet (no DOM change for 500 ms), scrolls through and back, waits again, pictures. */
  async take(driver: ViewDriver): Promise<PageView> {
    await driver.evaluate(SINCE_MUTATION);
    await driver.waitFor(QUIET, QUIET_BUDGET_MS);
    await driver.evaluate(SCROLL_THROUGH);
    await driver.waitFor(QUIET, QUIET_BUDGET_MS);
    // Fonts that are still loading would change the picture after it is taken.
    await driver.evaluate('document.fonts.ready.then(() => undefined)');
    const height = (await driver.evaluate(`Math.min(Math.max(document.documentElement.scrollHeight, 1), ${PAGE_VIEW.pictureHeight})`)) as number;
    const png = await driver.screenshot(height);
    const text = (await driver.evaluate(PAGE_TEXT)) as string;
    return { png, text };
  },
};

/** PAGE_VIEW.take on a Playwright page (Chromium). */
export function viewOf(page: Page): Promise<PageView> {
  return PAGE_VIEW.take({
    evaluate: (source) => page.evaluate(source),
    waitFor: (source, timeout) => page.waitForFunction(source, undefined, { polling: 100, timeout }).then(() => undefined),
    screenshot: (height) =>
      page.screenshot({ clip: { x: 0, y: 0, width: PAGE_VIEW.width, height }, fullPage: true, animations: 'disabled', caret: 'hide' }),
  });
}
