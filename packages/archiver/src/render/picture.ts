import type { Page } from 'playwright-core';

/** How a page looks and reads: what the self-check compares between the original and its copy. */
export interface Picture {
  /** PNG of the page's top, the viewport's width, at most PICTURE_HEIGHT high. */
  png: Buffer;
  /** The body's rendered text (innerText), at most 200,000 characters. */
  text: string;
}

/** Three viewports of a long page: enough to judge a copy, cheap enough to take on every render. */
export const PICTURE_HEIGHT = 2_400;

export async function takePicture(page: Page): Promise<Picture> {
  const png = await screenshot(page);
  return { png, text: await pageText(page) };
}

export async function screenshot(page: Page): Promise<Buffer> {
  const height = (await page.evaluate(`Math.min(Math.max(document.documentElement.scrollHeight, 1), ${PICTURE_HEIGHT})`)) as number;
  const width = page.viewportSize()?.width ?? 1280;
  return page.screenshot({ clip: { x: 0, y: 0, width, height }, fullPage: true, animations: 'disabled', caret: 'hide' });
}

export async function pageText(page: Page): Promise<string> {
  return (await page.evaluate('document.body ? document.body.innerText.slice(0, 200000) : ""')) as string;
}
