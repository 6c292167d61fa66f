import { expect } from '@playwright/test';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { expectNoNetwork, test, type ArchivedPage } from '../support/archived-page.js';
import { colorAt } from '../support/pixels.js';
import { css } from '../support/test-images.js';
import { COLORS, cssSite } from './css.fixture.js';

let site: FixtureSite;

test.beforeAll(async () => {
  site = await serveFixture(cssSite);
});

test.afterAll(async () => {
  await site.close();
});

async function expectBoxColors(saved: ArchivedPage, ids: (keyof typeof COLORS)[]): Promise<void> {
  for (const id of ids) {
    await expect.poll(() => colorAt(saved.page.locator(`#${id}`)), `background of #${id}`).toBe(css(COLORS[id]));
  }
}

test('url() quoted, unquoted, escaped and spaced all show their images', async ({ archive }) => {
  const saved = await archive(`${site.origin}/url-forms/`);
  await expectBoxColors(saved, ['q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
  expectNoNetwork(saved);
});

test('saved names with spaces, parentheses and quotes are escaped in the CSS', async ({ archive }) => {
  const saved = await archive(`${site.origin}/awkward-names/`);
  await expectBoxColors(saved, ['n1', 'n2', 'n3', 'n4']);
  expectNoNetwork(saved);
});

test('@import in url and string forms, nested two levels, keeps its media query', async ({ archive }) => {
  const saved = await archive(`${site.origin}/imports/`);
  const { page } = saved;
  await expect(page.locator('#top')).toHaveCSS('color', css(COLORS.top));
  await expect(page.locator('#one')).toHaveCSS('color', css(COLORS.one));
  await expect(page.locator('#two')).toHaveCSS('color', css(COLORS.two));
  // The print-only sheet is saved but must not apply on screen.
  await expect(page.locator('#media')).toHaveCSS('color', css(COLORS.media));
  expect(saved.files).toContain(saved.entry(`${site.origin}/c/imp/print-only.css`)?.path);
  const main = await saved.text(saved.entry(`${site.origin}/c/imp/main.css`)!.path!);
  expect(main).toMatch(/@import url\([^)]*print-only\.css\) print;/);
  expect(main).toMatch(/@import "[^"]*screen-only\.css" screen;/);
  expectNoNetwork(saved);
});

test('@import and @font-face inside a <style> block work', async ({ archive }) => {
  const saved = await archive(`${site.origin}/style-block-refs/`);
  const { page } = saved;
  await expect(page.locator('#one')).toHaveCSS('color', css(COLORS.one));
  await expect(page.locator('#two')).toHaveCSS('color', css(COLORS.two));
  expect(await page.evaluate(() => document.fonts.load('16px H').then((faces) => faces.map((f) => f.status)))).toEqual(['loaded']);
  expect(await page.locator('#h').evaluate((el) => el.getBoundingClientRect().width)).toBeCloseTo(64, 0);
  expectNoNetwork(saved);
});

test('stylesheets importing each other are both saved and applied', async ({ archive }) => {
  const saved = await archive(`${site.origin}/import-cycle/`);
  await expect(saved.page.locator('#top')).toHaveCSS('color', css(COLORS.top));
  await expect(saved.page.locator('#one')).toHaveCSS('color', css(COLORS.one));
  expectNoNetwork(saved);
});

test('image-set() and -webkit-image-set() show the saved 1x image', async ({ archive }) => {
  const saved = await archive(`${site.origin}/image-set/`);
  await expectBoxColors(saved, ['is1', 'is2']);
  for (const path of ['/c/img/is1-2x.png', '/c/img/is2-2x.png']) {
    expect(saved.files).toContain(saved.entry(`${site.origin}${path}`)?.path);
  }
  expectNoNetwork(saved);
});

test('@font-face with several src and format() hints loads the saved fonts', async ({ archive }) => {
  const saved = await archive(`${site.origin}/fonts/`);
  const { page } = saved;
  const fonts = await page.evaluate(async () => {
    await Promise.all([document.fonts.load('16px F'), document.fonts.load('16px G')]);
    await document.fonts.ready;
    return {
      check: document.fonts.check('16px F') && document.fonts.check('16px G'),
      faces: [...document.fonts].map((face) => `${face.family.replace(/"/g, '')}:${face.status}`).sort(),
    };
  });
  expect(fonts).toEqual({ check: true, faces: ['F:loaded', 'G:loaded'] });
  // The fixture font draws every character one em wide: 4 × 16px, far wider than "iiii" in monospace.
  const width = (id: string) => page.locator(id).evaluate((el) => el.getBoundingClientRect().width);
  expect(await width('#f')).toBeCloseTo(64, 0);
  expect(await width('#g')).toBeCloseTo(64, 0);
  expect(await width('#fallback')).toBeLessThan(50);
  for (const path of ['/c/fonts/f.woff2', '/c/fonts/f.ttf', '/c/fonts/g.ttf']) {
    expect(saved.files).toContain(saved.entry(`${site.origin}${path}`)?.path);
  }
  const stylesheet = await saved.text(saved.entry(`${site.origin}/c/fonts.css`)!.path!);
  expect(stylesheet).toMatch(/url\("[^"]*f\.woff2"\) format\("woff2"\), url\([^)]*f\.ttf\) format\("truetype"\)/);
  expect(stylesheet).not.toContain('http://');
  expectNoNetwork(saved);
});

test('relative URLs resolve against the stylesheet, not the page', async ({ archive }) => {
  const saved = await archive(`${site.origin}/relative/`);
  await expectBoxColors(saved, ['up', 'root', 'same', 'abs']);
  expectNoNetwork(saved);
});

test('@charset stays true to the saved bytes', async ({ archive }) => {
  const saved = await archive(`${site.origin}/charset/`);
  const { page } = saved;
  const before = (id: string) => page.locator(id).evaluate((el) => getComputedStyle(el, '::before').content);
  expect(await before('#cs')).toBe('"caf\u00e9"');
  expect(await before('#u')).toBe('"\u2192 ok"');
  await expect.poll(() => colorAt(page.locator('#cs-bg'))).toBe(css(COLORS.cs));
  expectNoNetwork(saved);
});
