import { expect } from '@playwright/test';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { expectNoNetwork, shownOrFailed, test, type ArchivedPage } from '../support/archived-page.js';
import { colorAt } from '../support/pixels.js';
import { css } from '../support/test-images.js';
import { COLORS, htmlSourcesSite } from './html-sources.fixture.js';

let site: FixtureSite;

test.beforeAll(async () => {
  site = await serveFixture(htmlSourcesSite);
});

test.afterAll(async () => {
  await site.close();
});

/** The archive path behind a `file:` URL the page uses; fails the test when it points elsewhere. */
function savedPathOf(saved: ArchivedPage, fileUrl: string): string {
  const path = saved.pathOf(fileUrl);
  expect(path, `${fileUrl} points into the archive`).toBeDefined();
  expect(saved.files).toContain(path);
  return path!;
}

/** Where the archive saved the resource at `path` of the fixture site. */
function archivePathOf(saved: ArchivedPage, path: string): string | undefined {
  return saved.entry(`${site.origin}${path}`)?.path;
}

test('link rel=stylesheet applies', async ({ archive }) => {
  const saved = await archive(`${site.origin}/link-stylesheet/`);
  await expect(saved.page.locator('#styled')).toHaveCSS('color', css(COLORS.linked));
  expectNoNetwork(saved);
});

test('link rel=icon, shortcut icon, apple-touch-icon and manifest point at saved files', async ({ archive }) => {
  const saved = await archive(`${site.origin}/link-icons/`);
  const hrefs = await saved.page.locator('link[rel]').evaluateAll((links: HTMLLinkElement[]) =>
    Object.fromEntries(links.map((l) => [l.rel, l.href])),
  );
  expect(Object.keys(hrefs).sort()).toEqual(['apple-touch-icon', 'icon', 'manifest', 'shortcut icon']);
  expect(savedPathOf(saved, hrefs.icon!)).toBe(archivePathOf(saved, '/h/favicon.png'));
  expect(savedPathOf(saved, hrefs['shortcut icon']!)).toBe(archivePathOf(saved, '/h/favicon.ico'));
  expect(savedPathOf(saved, hrefs['apple-touch-icon']!)).toBe(archivePathOf(saved, '/h/touch-icon.png'));
  const manifestPath = savedPathOf(saved, hrefs.manifest!);
  expect(JSON.parse(await saved.text(manifestPath))).toMatchObject({ name: 'fixture' });
  expectNoNetwork(saved);
});

test('link rel=preload as style, font (crossorigin) and image (imagesrcset) point at saved files', async ({ archive }) => {
  const saved = await archive(`${site.origin}/link-preload/`);
  const links = await saved.page.locator('link[rel=preload]').evaluateAll((els: HTMLLinkElement[]) =>
    Object.fromEntries(els.map((l) => [l.as, { href: l.href, imagesrcset: l.imageSrcset }])),
  );
  expect(savedPathOf(saved, links.style!.href)).toBe(archivePathOf(saved, '/h/preloaded.css'));
  expect(savedPathOf(saved, links.font!.href)).toBe(archivePathOf(saved, '/h/preloaded.woff2'));
  expect(savedPathOf(saved, links.image!.href)).toBe(archivePathOf(saved, '/h/preloaded.png'));
  const candidates = await saved.page.evaluate(
    (srcset) => srcset.split(',').map((c) => new URL(c.trim().split(/\s+/)[0]!, document.baseURI).href),
    links.image!.imagesrcset,
  );
  expect(candidates.map((url) => savedPathOf(saved, url))).toEqual(
    ['/h/preloaded.png', '/h/preloaded-2x.png'].map((path) => archivePathOf(saved, path)),
  );
  expectNoNetwork(saved);
});

test('a classic script runs and sets its global', async ({ archive }) => {
  const saved = await archive(`${site.origin}/classic-script/`);
  await expect(saved.page.locator('#out')).toHaveText('set by app.js');
  expect(await saved.page.evaluate(() => (window as { fixtureGlobal?: string }).fixtureGlobal)).toBe('set by app.js');
  expect(saved.pageErrors).toEqual([]);
  expectNoNetwork(saved);
});

test('img src and srcset show the saved image', async ({ archive }) => {
  const saved = await archive(`${site.origin}/img-srcset/`);
  const img = saved.page.locator('#pic');
  await expect(img).toHaveJSProperty('naturalWidth', 11);
  const currentSrc = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  expect(currentSrc).toMatch(/^file:/);
  expect(savedPathOf(saved, currentSrc)).toBe(archivePathOf(saved, '/h/img-1x.png'));
  expect(saved.files).toContain(archivePathOf(saved, '/h/img-2x.png'));
  expectNoNetwork(saved);
});

test('picture/source srcset is chosen over the fallback img', async ({ archive }) => {
  const saved = await archive(`${site.origin}/picture/`);
  const img = saved.page.locator('#pic');
  await expect(img).toHaveJSProperty('naturalWidth', 13);
  const currentSrc = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  expect(savedPathOf(saved, currentSrc)).toBe(archivePathOf(saved, '/h/picture-source.png'));
  expectNoNetwork(saved);
});

test('video poster, src, source and track, and audio src are saved and referenced locally', async ({ archive }) => {
  const saved = await archive(`${site.origin}/video/`);
  const videos = await saved.page.locator('video').evaluateAll((els: HTMLVideoElement[]) =>
    els.map((v) => ({ poster: v.poster, src: v.src || v.querySelector('source')!.src })),
  );
  for (const { poster } of videos) expect(savedPathOf(saved, poster)).toBe(archivePathOf(saved, '/h/poster.png'));
  expect(savedPathOf(saved, videos[0]!.src)).toBe(archivePathOf(saved, '/h/clip.webm'));
  expect(savedPathOf(saved, videos[1]!.src)).toBe(archivePathOf(saved, '/h/clip-source.webm'));
  const audio = await saved.page.locator('#audio').evaluate((el: HTMLAudioElement) => el.src);
  expect(savedPathOf(saved, audio)).toBe(archivePathOf(saved, '/h/sound.mp3'));
  // Tracks are written inline (data: URLs; file:// tracks do not load) and saved as files too.
  const track = await saved.page.locator('#track').evaluate((el: HTMLTrackElement) => el.src);
  expect(Buffer.from(track.split(',')[1]!, 'base64').toString()).toContain('hello captions');
  expect(await saved.text(archivePathOf(saved, '/h/captions.vtt')!)).toContain('hello captions');
  // The poster really decodes from where the page points.
  const posterWidth = await saved.page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return image.naturalWidth;
  }, videos[0]!.poster);
  expect(posterWidth).toBe(17);
  expectNoNetwork(saved);
});

// Chromium refuses text tracks from file:// (a file is its own origin): the engine writes them as data: URLs.
test('a default captions track loads offline', async ({ archive }) => {
  const saved = await archive(`${site.origin}/video-track/`);
  // HTMLTrackElement.LOADED is 2, ERROR is 3: wait for either, then expect the first.
  const readyState = () => saved.page.locator('#captions').evaluate((el: HTMLTrackElement) => el.readyState);
  await expect.poll(readyState).toBeGreaterThanOrEqual(2);
  expect(await readyState()).toBe(2);
  expectNoNetwork(saved);
});

test('input type=image shows its saved image', async ({ archive }) => {
  const saved = await archive(`${site.origin}/input-image/`);
  const input = saved.page.locator('#btn');
  await expect.poll(() => colorAt(input)).toBe(css(COLORS.input));
  expect(await input.evaluate((el) => el.getBoundingClientRect().width)).toBe(30);
  expectNoNetwork(saved);
});

test('object data and embed src show their saved SVGs', async ({ archive }) => {
  const saved = await archive(`${site.origin}/object-embed/`);
  await expect.poll(() => colorAt(saved.page.locator('#obj'))).toBe(css(COLORS.object));
  await expect.poll(() => colorAt(saved.page.locator('#emb'))).toBe(css(COLORS.embed));
  expectNoNetwork(saved);
});

test('an SVG shown by <object> shows the image it references', async ({ archive }) => {
  const saved = await archive(`${site.origin}/object-svg-refs/`);
  const color = () => colorAt(saved.page.locator('#obj'));
  await shownOrFailed(saved, async () => (await color()) === css(COLORS.objectInner));
  expect(await color()).toBe(css(COLORS.objectInner));
  expectNoNetwork(saved);
});

test('iframe src shows the frame with its own stylesheet and image', async ({ archive }) => {
  const saved = await archive(`${site.origin}/iframe/`);
  const frame = saved.page.frameLocator('#frame');
  await expect(frame.locator('#inside')).toHaveText('inside the frame');
  await expect(frame.locator('#inside')).toHaveCSS('color', css(COLORS.frame));
  await expect(frame.locator('#frame-img')).toHaveJSProperty('naturalWidth', 26);
  expectNoNetwork(saved);
});

test('an iframe inside an iframe shows its content', async ({ archive }) => {
  const saved = await archive(`${site.origin}/iframe-nested/`);
  const inner = saved.page.frameLocator('#outer').frameLocator('#inner');
  await expect(inner.locator('#text')).toHaveText('innermost');
  await expect(inner.locator('#pic')).toHaveJSProperty('naturalWidth', 29);
  expectNoNetwork(saved);
});

test('iframe srcdoc shows its image', async ({ archive }) => {
  const saved = await archive(`${site.origin}/iframe-srcdoc/`);
  await expect(saved.page.frameLocator('#frame').locator('#in-srcdoc')).toHaveJSProperty('naturalWidth', 15);
  expect(saved.files).toContain(archivePathOf(saved, '/h/srcdoc.png'));
  expectNoNetwork(saved);
});

test('SVG <image href> shows the saved image', async ({ archive }) => {
  const saved = await archive(`${site.origin}/svg-image/`);
  await expect.poll(() => colorAt(saved.page.locator('#svg'))).toBe(css(COLORS.svgImage));
  expectNoNetwork(saved);
});

// Chromium refuses cross-document <use> from file://: the engine inlines the sprite sheet.
test('SVG <use xlink:href="sprite.svg#icon"> draws the symbol', async ({ archive }) => {
  const saved = await archive(`${site.origin}/svg-use/`);
  expect(saved.files).toContain(archivePathOf(saved, '/h/sprite.svg'));
  const color = () => colorAt(saved.page.locator('#svg'));
  await shownOrFailed(saved, async () => (await color()) === css(COLORS.sprite));
  expect(await color()).toBe(css(COLORS.sprite));
  expectNoNetwork(saved);
});

test('SVG feImage shows the saved image', async ({ archive }) => {
  const saved = await archive(`${site.origin}/svg-feimage/`);
  await expect.poll(() => colorAt(saved.page.locator('#svg'))).toBe(css(COLORS.feImage));
  expectNoNetwork(saved);
});

test('inline style="background-image:url(...)" shows the saved image, entities included', async ({ archive }) => {
  const saved = await archive(`${site.origin}/inline-style/`);
  await expect.poll(() => colorAt(saved.page.locator('#box'))).toBe(css(COLORS.inlineStyle));
  // url(&quot;...&quot;) around a name with a space and an apostrophe (&#39;).
  await expect.poll(() => colorAt(saved.page.locator('#entity'))).toBe(css(COLORS.inlineEntity));
  expectNoNetwork(saved);
});

test('a <style> block url() shows the saved image', async ({ archive }) => {
  const saved = await archive(`${site.origin}/style-block/`);
  await expect.poll(() => colorAt(saved.page.locator('#box'))).toBe(css(COLORS.styleBlock));
  expectNoNetwork(saved);
});

test('legacy background attributes on body, table and td show their images', async ({ archive }) => {
  const saved = await archive(`${site.origin}/legacy-background/`);
  const { page } = saved;
  await expect.poll(() => colorAt(page.locator('#spacer'))).toBe(css(COLORS.body));
  await expect.poll(() => colorAt(page.locator('#plain'))).toBe(css(COLORS.table));
  await expect.poll(() => colorAt(page.locator('#cell'))).toBe(css(COLORS.cell));
  expectNoNetwork(saved);
});

test('<noscript> images are saved and rewritten', async ({ archive }) => {
  const saved = await archive(`${site.origin}/noscript/`);
  expect(saved.files).toContain(archivePathOf(saved, '/h/noscript.png'));
  // Scripts run in the test browser, so read the noscript markup and load its image by hand.
  const markup = await saved.page.locator('noscript').evaluate((el) => el.textContent ?? '');
  expect(markup).not.toContain(`http://127.0.0.1`);
  const width = await saved.page.evaluate(async (html) => {
    const src = new DOMParser().parseFromString(html, 'text/html').querySelector('img')?.getAttribute('src') ?? '';
    const image = new Image();
    image.src = new URL(src, document.baseURI).href;
    await image.decode();
    return image.naturalWidth;
  }, markup);
  expect(width).toBe(19);
  expectNoNetwork(saved);
});

test('<base href> is resolved against, then removed', async ({ archive }) => {
  const saved = await archive(`${site.origin}/base/`);
  const { page } = saved;
  await expect(page.locator('#pic')).toHaveJSProperty('naturalWidth', 21);
  await expect(page.locator('#styled')).toHaveCSS('color', css(COLORS.base));
  expect(await page.locator('base').count()).toBe(0);
  // Links to other pages go online, resolved against the original base.
  await expect(page.locator('#link')).toHaveJSProperty('href', `${site.origin}/h/sub/other.html`);
  expectNoNetwork(saved);
});

test('meta refresh is removed', async ({ archive }) => {
  const saved = await archive(`${site.origin}/meta-refresh/`);
  expect(await saved.page.locator('meta[http-equiv="refresh" i]').count()).toBe(0);
  await expect(saved.page.locator('#still')).toHaveText('still here');
  expect(saved.page.url()).toMatch(/\/index\.html$/);
  expectNoNetwork(saved);
});

test('an immediate meta refresh is followed: the copy is the page it leads to', async ({ archive }) => {
  const saved = await archive(`${site.origin}/meta-redirect/`);
  await expect(saved.page.locator('body')).toContainText('moved on');
  expect(saved.page.url()).toMatch(/\/index\.html$/);
  expectNoNetwork(saved);
});
