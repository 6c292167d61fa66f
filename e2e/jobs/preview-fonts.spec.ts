import { expect, test } from '@playwright/test';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { tinyWoff2 } from '../support/tiny-font.js';

let site: FixtureSite;

// The fixture font draws every character one em wide: "iiii" at 16px is 64px in it, far less in any fallback.
const page = `<!doctype html><html><head><meta charset="utf-8"><title>Fonts</title>
<style>
@font-face { font-family: "Tiny"; src: url("fonts/tiny.woff2") format("woff2"); }
#styled { font: 16px Tiny, monospace; }
</style></head><body><span id="styled">iiii</span></body></html>`;

test.beforeAll(async () => {
  site = await serveFixture({ '/': { body: page }, '/fonts/tiny.woff2': { type: 'font/woff2', body: tinyWoff2('Tiny') } });
});
test.afterAll(() => site.close());

test("a preview shows the page's web fonts, while the page stays in its opaque origin", async ({ page: browser, request }) => {
  const download = await request.post('/download', { data: { url: site.url, mode: 'single' } });
  expect(download.status()).toBe(200);
  const { preview_url: previewUrl } = (await download.json()) as { preview_url: string };

  const fontResponse = browser.waitForResponse((response) => response.url().endsWith('.woff2'));
  await browser.goto(previewUrl);
  expect((await fontResponse).status()).toBe(200);
  const fonts = await browser.evaluate(async () => {
    const faces = await document.fonts.load('16px Tiny');
    await document.fonts.ready;
    return { faces: faces.map((face) => face.status), origin: window.origin };
  });
  expect(fonts).toEqual({ faces: ['loaded'], origin: 'null' });
  await expect.poll(() => browser.locator('#styled').evaluate((el) => el.getBoundingClientRect().width)).toBeCloseTo(64, 0);
});
