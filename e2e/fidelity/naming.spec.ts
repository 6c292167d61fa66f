import { expect } from '@playwright/test';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { expectNoNetwork, test } from '../support/archived-page.js';
import { colorAt } from '../support/pixels.js';
import { css } from '../support/test-images.js';
import { CROSS_COLOR, HOSTILE_NAMES, SPECIAL_NAMES, STYLE_COLOR, namingSite, otherSite } from './naming.fixture.js';

let site: FixtureSite;
let other: FixtureSite;

test.beforeAll(async () => {
  other = await serveFixture(otherSite);
  site = await serveFixture(namingSite(other.origin));
});

test.afterAll(async () => {
  await site.close();
  await other.close();
});

/** The archive folder of an origin, as the README promises: `host_port`. */
const hostFolder = (origin: string) => new URL(origin).host.replace(':', '_');

test('the same path with different query strings gives two files, both shown', async ({ archive }) => {
  const saved = await archive(`${site.origin}/query-strings/`);
  await expect(saved.page.locator('#v1')).toHaveJSProperty('naturalWidth', 51);
  await expect(saved.page.locator('#v2')).toHaveJSProperty('naturalWidth', 52);
  const paths = [1, 2].map((v) => saved.entry(`${site.origin}/n/pic.png?v=${v}`)?.path);
  expect(new Set(paths).size).toBe(2);
  for (const path of paths) expect(saved.files).toContain(path);
  expectNoNetwork(saved);
});

test('an extensionless URL served as text/css works as a stylesheet', async ({ archive }) => {
  const saved = await archive(`${site.origin}/extensionless-css/`);
  await expect(saved.page.locator('#styled')).toHaveCSS('color', css(STYLE_COLOR));
  expect(saved.entry(`${site.origin}/n/styles`)?.path).toMatch(/\.css$/);
  expectNoNetwork(saved);
});

test('a .php URL served as image/png is saved as a PNG and shows', async ({ archive }) => {
  const saved = await archive(`${site.origin}/php-image/`);
  await expect(saved.page.locator('#pic')).toHaveJSProperty('naturalWidth', 33);
  expect(saved.entry(`${site.origin}/n/image.php?id=3`)?.path).toMatch(/\.png$/);
  expectNoNetwork(saved);
});

test('a .php URL with a query served as text/css is saved as CSS and applies', async ({ archive }) => {
  const saved = await archive(`${site.origin}/php-css/`);
  await expect(saved.page.locator('#styled')).toHaveCSS('color', css(STYLE_COLOR));
  expect(saved.entry(`${site.origin}/n/load-styles.php?c=0&load%5Bchunk_0%5D=dashicons&ver=6`)?.path).toMatch(/\.css$/);
  expectNoNetwork(saved);
});

test('an extensionless URL served as image/svg+xml shows as an SVG image', async ({ archive }) => {
  const saved = await archive(`${site.origin}/extensionless-svg/`);
  await expect(saved.page.locator('#pic')).toHaveJSProperty('naturalWidth', 38);
  expect(saved.entry(`${site.origin}/n/icon`)?.path).toMatch(/\.svg$/);
  expectNoNetwork(saved);
});

test('cross-origin assets land under a folder per host and work', async ({ archive }) => {
  const saved = await archive(`${site.origin}/cross-origin/`);
  await expect(saved.page.locator('#pic')).toHaveJSProperty('naturalWidth', 35);
  await expect.poll(() => colorAt(saved.page.locator('#box'))).toBe(css(CROSS_COLOR));
  for (const path of ['/x/pic.png', '/x/style.css', '/x/bg.png']) {
    expect(saved.entry(`${other.origin}${path}`)?.path).toBe(`${hostFolder(other.origin)}${path}`);
  }
  expect(saved.files.filter((file) => file.startsWith(`${hostFolder(site.origin)}/`))).toEqual([]);
  expectNoNetwork(saved);
});

test('names differing only in case (/A.png, /a.png) both work', async ({ archive }) => {
  const saved = await archive(`${site.origin}/case-collision/`);
  await expect(saved.page.locator('#upper')).toHaveJSProperty('naturalWidth', 61);
  await expect(saved.page.locator('#lower')).toHaveJSProperty('naturalWidth', 62);
  const paths = ['/n/A.png', '/n/a.png'].map((path) => saved.entry(`${site.origin}${path}`)?.path?.toLowerCase());
  expect(new Set(paths).size).toBe(2);
  expectNoNetwork(saved);
});

test('names holding # % , | ? and space (percent-encoded in the URL) load offline', async ({ archive }) => {
  const saved = await archive(`${site.origin}/special-characters/`);
  for (const [id, path, width] of SPECIAL_NAMES) {
    await expect(saved.page.locator(`#${id}`), path).toHaveJSProperty('naturalWidth', width);
    expect(saved.files).toContain(saved.entry(`${site.origin}${path}`)?.path);
  }
  expectNoNetwork(saved);
});

test('long, Windows-reserved, non-ASCII, climbing and deeply nested names load offline', async ({ archive }) => {
  const saved = await archive(`${site.origin}/hostile-names/`);
  for (const [id, path, width] of HOSTILE_NAMES) {
    await expect(saved.page.locator(`#${id}`), path).toHaveJSProperty('naturalWidth', width);
    const file = saved.entry(`${site.origin}${path}`)?.path;
    expect(saved.files, path).toContain(file);
    // Safe on Windows, macOS and Linux: short segments, no reserved names, nothing outside the host folder.
    for (const segment of file!.split('/')) {
      expect(segment.length, file).toBeLessThanOrEqual(100);
      expect(segment, file).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i);
      expect(segment, file).not.toMatch(/[<>:"\\|?*]|[. ]$|^\.\.?$/);
    }
    expect(file!.startsWith(`${hostFolder(site.origin)}/`), file).toBe(true);
  }
  expectNoNetwork(saved);
});
