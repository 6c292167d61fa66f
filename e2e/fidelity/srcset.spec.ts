import { expect } from '@playwright/test';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { expectNoNetwork, test } from '../support/archived-page.js';
import { ALL_CANDIDATES, srcsetSite } from './srcset.fixture.js';

let site: FixtureSite;

test.beforeAll(async () => {
  site = await serveFixture(srcsetSite);
});

test.afterAll(async () => {
  await site.close();
});

test('a comma inside a srcset URL stays part of the URL', async ({ archive }) => {
  const saved = await archive(`${site.origin}/comma-url/`);
  await expect(saved.page.locator('#a')).toHaveJSProperty('naturalWidth', 31);
  await expect(saved.page.locator('#b')).toHaveJSProperty('naturalWidth', 32);
  expect(saved.entry(`${site.origin}/s/a,b.png`)?.path).toBeDefined();
  expect(saved.entry(`${site.origin}/s/c,d.png`)?.path).toBeDefined();
  expectNoNetwork(saved);
});

test('a data: candidate (with its comma) stays intact next to a saved candidate', async ({ archive }) => {
  const saved = await archive(`${site.origin}/data-candidate/`);
  const img = saved.page.locator('#pic');
  await expect(img).toHaveJSProperty('naturalWidth', 3);
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/^data:image\/png;base64,/);
  const srcset = (await img.getAttribute('srcset')) ?? '';
  const [first, second] = srcset.split(/ 1x, /);
  expect(first).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
  const secondUrl = await saved.page.evaluate((url) => new URL(url, document.baseURI).href, second!.replace(/ 2x$/, ''));
  expect(saved.pathOf(secondUrl)).toBe(saved.entry(`${site.origin}/s/e.png`)?.path);
  expectNoNetwork(saved);
});

test('w descriptors with sizes pick the same candidate offline', async ({ archive }) => {
  const saved = await archive(`${site.origin}/w-descriptors/`);
  const img = saved.page.locator('#pic');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const chosen = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  // sizes says 50px: the 100w candidate is the smallest that covers it at 1 device pixel per CSS pixel.
  expect(saved.pathOf(chosen)).toBe(saved.entry(`${site.origin}/s/w100.png`)?.path);
  expect(await img.evaluate((el) => el.getAttribute('sizes'))).toBe('(max-width: 10px) 200px, 50px');
  expect(saved.files).toContain(saved.entry(`${site.origin}/s/w200.png`)?.path);
  expectNoNetwork(saved);
});

test('every candidate is saved, listed in the manifest and linked locally', async ({ archive }) => {
  const saved = await archive(`${site.origin}/many-candidates/`);
  for (const path of ALL_CANDIDATES) {
    const entry = saved.entry(`${site.origin}${path}`);
    expect(entry, `manifest lists ${path}`).toMatchObject({ status: 200, contentType: 'image/png' });
    expect(saved.files).toContain(entry?.path);
  }
  const linked = await saved.page.locator('[srcset]').evaluateAll((els) =>
    els.flatMap((el) =>
      el
        .getAttribute('srcset')!
        .split(/,\s*/)
        .map((candidate) => new URL(candidate.trim().split(/\s+/)[0]!, document.baseURI).href),
    ),
  );
  const linkedPaths = linked.map((url) => saved.pathOf(url));
  const expected = ['/s/c1.png', '/s/c2.png', '/s/c3.png', '/s/p1.png', '/s/p2.png'].map(
    (path) => saved.entry(`${site.origin}${path}`)?.path,
  );
  expect(linkedPaths).toEqual(expected);
  await expect(saved.page.locator('#pic')).toHaveJSProperty('naturalWidth', 5);
  await expect(saved.page.locator('#fallback')).toHaveJSProperty('naturalWidth', 4);
  expectNoNetwork(saved);
});
