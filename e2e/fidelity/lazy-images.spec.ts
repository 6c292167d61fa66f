import { expect } from '@playwright/test';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { expectNoNetwork, test } from '../support/archived-page.js';
import { colorAt } from '../support/pixels.js';
import { css } from '../support/test-images.js';
import { BG_COLORS, lazyImagesSite } from './lazy-images.fixture.js';

let site: FixtureSite;

test.beforeAll(async () => {
  site = await serveFixture(lazyImagesSite);
});

test.afterAll(async () => {
  await site.close();
});

test('data-src (and data-lazy-src, data-original) replace a placeholder or missing src with the real image', async ({ archive }) => {
  const saved = await archive(`${site.origin}/data-src/`);
  const cases = [
    ['#with-placeholder', '/l/real.png', 23],
    ['#without-src', '/l/other.png', 9],
    ['#lazy-src', '/l/lazy-src.png', 24],
    ['#original', '/l/original.png', 25],
  ] as const;
  for (const [selector, path, width] of cases) {
    const img = saved.page.locator(selector);
    await expect(img).toHaveJSProperty('naturalWidth', width);
    const currentSrc = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    expect(saved.pathOf(currentSrc)).toBe(saved.entry(`${site.origin}${path}`)?.path);
  }
  expectNoNetwork(saved);
});

test('data-srcset replaces a data: placeholder with the saved candidates', async ({ archive }) => {
  const saved = await archive(`${site.origin}/data-srcset/`);
  const img = saved.page.locator('#pic');
  await expect(img).toHaveJSProperty('naturalWidth', 14);
  const currentSrc = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  expect(saved.pathOf(currentSrc)).toBe(saved.entry(`${site.origin}/l/set-1x.png`)?.path);
  expect(saved.files).toContain(saved.entry(`${site.origin}/l/set-2x.png`)?.path);
  expectNoNetwork(saved);
});

test('lazy <picture><source data-srcset> shows the source image', async ({ archive }) => {
  const saved = await archive(`${site.origin}/data-srcset/`);
  const img = saved.page.locator('#in-picture');
  await expect(img).toHaveJSProperty('naturalWidth', 16);
  const currentSrc = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  expect(saved.pathOf(currentSrc)).toBe(saved.entry(`${site.origin}/l/source-1x.png`)?.path);
  expectNoNetwork(saved);
});

test('data-bg (bare or url()) and data-background become background images that show', async ({ archive }) => {
  const saved = await archive(`${site.origin}/data-bg/`);
  await expect.poll(() => colorAt(saved.page.locator('#plain'))).toBe(css(BG_COLORS.plain));
  await expect.poll(() => colorAt(saved.page.locator('#css-value'))).toBe(css(BG_COLORS.cssValue));
  await expect.poll(() => colorAt(saved.page.locator('#background'))).toBe(css(BG_COLORS.background));
  expectNoNetwork(saved);
});
