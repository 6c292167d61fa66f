import type { CDPSession, Page } from 'playwright-core';
import type { Box } from './compare.js';
import { call, HOLD_STILL, MOVING_AREAS, PAGE_TEXT } from './in-page.js';

/** How a page looks and reads: what the self-check compares between the original and its copy. */
export interface Picture {
  /** The body's rendered text (innerText), at most 200,000 characters. */
  text: string;
  /**
   * Viewports the page was scrolled through before its text was read: what scripts mount as it
   * comes into view (the lazy sections of an API reference) is in the text because of them.
   */
  scrollSteps: number;
  /**
   * PNG of the page's top, the viewport's width, at most PICTURE_HEIGHT high. A promise: the
   * render's own picture is taken while the capture writes the copies and opens them to check.
   */
  png: Promise<Buffer>;
  /** What moved on its own as the picture was taken (MOVING_AREAS): the self-check compares it loosely. */
  moving?: Promise<readonly Box[]>;
}

/** Three viewports of a long page: enough to judge a copy, cheap enough to take on every render. */
export const PICTURE_HEIGHT = 2_400;

/**
 * A CDP session of the page, for its picture (open it early: attaching is a round trip).
 * Playwright's page.screenshot cannot ask Chromium for its fast PNG encoding.
 */
export function pictureSession(page: Page): Promise<CDPSession> {
  const session = page.context().newCDPSession(page);
  session.catch(() => undefined);
  return session;
}

/**
 * The page's top as PNG, held still as Playwright's `animations: 'disabled'` holds it, encoded
 * with Chromium's `optimizeForSpeed` (same pixels, a larger PNG; a 1280×2400 picture took
 * 160–250 ms instead of 420–680 ms by page.screenshot at load 16). Chromium encodes the same
 * pixels to the same bytes either way, so the original and its copies must all come from here.
 */
export async function screenshot(page: Page, session: Promise<CDPSession>): Promise<Buffer> {
  const main = page.mainFrame();
  const [size] = await Promise.all([
    main.evaluate(call(HOLD_STILL)) as Promise<{ width: number; height: number; scrollHeight: number }>,
    ...page.frames().flatMap((frame) => (frame === main ? [] : [frame.evaluate(call(HOLD_STILL)).catch(() => undefined)])),
  ]);
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const width = Math.max(1, Math.min(viewport.width, size.width));
  // As page.screenshot's full-page clip of the root's scroll height was cut to the document's.
  const height = Math.max(1, Math.min(PICTURE_HEIGHT, Math.max(size.scrollHeight, 1), size.height));
  const fits = size.width <= viewport.width && size.height <= viewport.height;
  const shot = await (await session).send('Page.captureScreenshot', {
    format: 'png',
    clip: { x: 0, y: 0, width, height, scale: 1 },
    captureBeyondViewport: !fits,
    optimizeForSpeed: true,
  });
  return Buffer.from(shot.data, 'base64');
}

export async function pageText(page: Page): Promise<string> {
  return (await page.evaluate(PAGE_TEXT)) as string;
}

/** The areas of the page moving on their own now (MOVING_AREAS); none when the page cannot say. */
export async function movingAreas(page: Page): Promise<readonly Box[]> {
  return ((await page.evaluate(call(MOVING_AREAS)).catch(() => [])) as Box[]);
}
