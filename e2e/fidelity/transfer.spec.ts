import { expect } from '@playwright/test';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { expectNoNetwork, test } from '../support/archived-page.js';
import { css } from '../support/test-images.js';
import { BR_JS, DEFLATE_PNG, ERRORS_COLOR, GZIP_COLOR, GZIP_CSS, transferSite } from './transfer.fixture.js';

let site: FixtureSite;

test.beforeAll(async () => {
  site = await serveFixture(transferSite);
});

test.afterAll(async () => {
  await site.close();
});

test('gzip, deflate and br encoded assets are saved decoded and work', async ({ archive }) => {
  const saved = await archive(`${site.origin}/encodings/`);
  const { page } = saved;
  await expect(page.locator('#gz')).toHaveCSS('color', css(GZIP_COLOR));
  await expect(page.locator('#deflate')).toHaveJSProperty('naturalWidth', 25);
  expect(await page.evaluate(() => (window as { fromBrotli?: string }).fromBrotli)).toBe('decoded');
  const pathOf = (path: string) => saved.entry(`${site.origin}${path}`)!.path!;
  expect(await saved.text(pathOf('/t/gzip.css'))).toBe(GZIP_CSS);
  expect(await saved.text(pathOf('/t/brotli.js'))).toBe(BR_JS);
  expect(saved.manifest.resources.find((r) => r.url === `${site.origin}/t/deflate.png`)?.bytes).toBe(DEFLATE_PNG.length);
  expectNoNetwork(saved);
});

test('an asset behind 301 → 302 is saved once, under its final URL', async ({ archive }) => {
  const saved = await archive(`${site.origin}/redirects/`);
  const { page } = saved;
  await expect(page.locator('#old')).toHaveJSProperty('naturalWidth', 27);
  await expect(page.locator('#direct')).toHaveJSProperty('naturalWidth', 27);
  const entry = saved.entry(`${site.origin}/t/old.png`);
  expect(entry).toMatchObject({ finalUrl: `${site.origin}/t/final.png`, status: 200 });
  expect(entry?.path).toMatch(/\/t\/final\.png$/);
  const srcs = await page.locator('img').evaluateAll((imgs: HTMLImageElement[]) => imgs.map((img) => img.currentSrc));
  expect(srcs.map((src) => saved.pathOf(src))).toEqual([entry?.path, entry?.path]);
  expect(saved.files.filter((file) => /(old|moved|final)[^/]*$/.test(file))).toEqual([entry?.path]);
  expectNoNetwork(saved);
});

test('a 404 and a 500 are not saved, are listed with their status, and leave no live URL', async ({ archive }) => {
  const saved = await archive(`${site.origin}/errors/`);
  for (const [path, status] of [
    ['/t/missing.png', 404],
    ['/t/crash.png', 500],
    ['/t/broken.css', 500],
    ['/t/missing-import.css', 404],
    ['/t/missing-bg.png', 404],
  ] as const) {
    const entry = saved.entry(`${site.origin}${path}`);
    expect(entry, path).toMatchObject({ status });
    expect(entry?.error, path).toBeTruthy();
    expect(entry?.path, path).toBeUndefined();
  }
  expect(saved.files.filter((file) => /(missing|crash|broken)/.test(file))).toEqual([]);
  expect(saved.manifest.failures).toBe(5);
  expect(saved.html).not.toContain('http://127.0.0.1');
  expect(await saved.text(saved.entry(`${site.origin}/t/fine.css`)!.path!)).not.toContain('http://127.0.0.1');
  await expect(saved.page.locator('#styled')).toHaveCSS('color', css(ERRORS_COLOR));
  expectNoNetwork(saved);
});

test('an asset stuck in a redirect loop is listed as failed and leaves no live URL', async ({ archive }) => {
  const saved = await archive(`${site.origin}/redirect-loop/`);
  expect(saved.entry(`${site.origin}/t/loop-a.png`)).toMatchObject({ errorCode: 'TOO_MANY_REDIRECTS' });
  expect(saved.entry(`${site.origin}/t/loop-a.png`)?.path).toBeUndefined();
  expect(saved.html).not.toContain('http://127.0.0.1');
  await expect(saved.page.locator('#text')).toHaveText('loop');
  expectNoNetwork(saved);
});
