import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, openRoute, routes, test } from './support.js';

const widths = [360, 768, 1280, 1440];
const screenshotWidths = new Set([360, 1280]);
const docsScreenshot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'landing.png');

/** Elements whose right edge lies beyond the viewport (clipped overflow hides content without scrolling). */
function overflowing(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.right > window.innerWidth + 1 && !element.closest('.visually-hidden, .skip-link');
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  );
}

// Screenshots go beside the other artifacts: test-results/screenshots/ (or <--output>/screenshots/).
// `SITEZIP_DOCS_SCREENSHOT=1` also refreshes the README picture, docs/landing.png (1280 × 880).
for (const route of routes) {
  test(`${route.name} fits every width from 360 to 1440 px without horizontal scrolling`, async ({ page, account }, testInfo) => {
    const screenshots = join(testInfo.project.outputDir, 'screenshots');
    await mkdir(screenshots, { recursive: true });
    await page.setViewportSize({ width: widths[0]!, height: 800 });
    await openRoute(page, route, account);

    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${route.path} at ${width}px` })
        .toBeLessThanOrEqual(0);
      expect(await overflowing(page), `${route.path} at ${width}px`).toEqual([]);

      if (!screenshotWidths.has(width)) continue;
      const path = join(screenshots, `${route.name}-${width}.png`);
      await page.screenshot({ path, fullPage: true, animations: 'disabled', caret: 'hide' });
      await testInfo.attach(`${route.name}-${width}`, { path, contentType: 'image/png' });
      if (process.env.SITEZIP_DOCS_SCREENSHOT && route.name === 'landing' && width === 1280) {
        await page.getByLabel('Website URL').fill('https://example.com');
        await page.getByLabel('Website URL').blur();
        const clip = { x: 0, y: 0, width, height: 880 };
        await page.screenshot({ path: docsScreenshot, clip, fullPage: true, animations: 'disabled', caret: 'hide' });
        await page.getByLabel('Website URL').fill('');
        await page.getByLabel('Website URL').blur();
      }
    }
  });
}
