import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, MemorySink } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';

// Icons drawn as CSS masks: the browser loads a mask's image in CORS mode, which file:// refuses
// (in Chromium and Firefox, the file in its right place), and Vocs sets each icon's address in a
// custom property of the element's style (`--icon: url(/.vocs/icons/link.svg)`), which the
// browser resolves against the stylesheet in `assets/` that uses it. The copy writes those
// images into its CSS as data: URLs; the same file shown by an <img> stays a file of the copy.

const ICON = (color: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="${color}"/></svg>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/guide/': {
      body: `<!doctype html><html><head><meta charset="utf-8"><title>Masks</title><link rel="stylesheet" href="/assets/site.css"></head>
<body><h1>Anchors</h1><span class="link" style="--icon: url(/icons/link.svg)"></span><span class="star"></span><img src="/icons/star.svg" alt="star"></body></html>`,
    },
    '/assets/site.css': {
      type: 'text/css',
      body: `@import url("fonts/gone.css");
.link { display: inline-block; width: 20px; height: 20px; background: teal; -webkit-mask-image: var(--icon); mask-image: var(--icon); }
.star { display: inline-block; width: 20px; height: 20px; background: gold; mask: url(../icons/star.svg) no-repeat; }
@font-face { font-family: "Gone"; src: url("../fonts/gone.woff2") format("woff2"); }`,
    },
    '/icons/link.svg': { type: 'image/svg+xml', body: ICON('black') },
    '/icons/star.svg': { type: 'image/svg+xml', body: ICON('white') },
  });
});
afterAll(() => site?.close());

describe('archivePage: images of masks and custom properties', () => {
  it('are data: URLs in the copy, which loads them offline with nothing failed (a failed one too)', async () => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}/guide/`, sink, { allowPrivateNetworks: true, retries: 0, render: 'never' });
    const host = `127.0.0.1_${new URL(site.origin).port}`;
    const css = sink.text(`${host}/assets/site.css`);
    expect(css).toContain(`mask: url(data:image/svg+xml;base64,${Buffer.from(ICON('white')).toString('base64')}) no-repeat`);
    // A source the site does not have: a font face that fails as it did online, asking for nothing
    // (url("") is the stylesheet itself to Chromium, and makes Firefox drop the face).
    expect(css).toContain('src: url("data:,") format("woff2")');
    // A stylesheet it does not have: an empty one (Firefox reports `data:,` as text/plain there).
    expect(css).toContain('@import url("data:text/css,");');
    const page = sink.text('index.html');
    expect(page).toContain(`--icon: url(data:image/svg+xml;base64,${Buffer.from(ICON('black')).toString('base64')})`);
    // The <img> shows the file.
    expect(page).toContain(`src="${host}/icons/star.svg"`);
    expect(sink.files.has(`${host}/icons/star.svg`)).toBe(true);
    await withOfflineCopy(sink, 'sitezip-css-masks-', async ({ open, requests }) => {
      const copy = await open();
      const masks = await copy.evaluate(() => ['.link', '.star'].map((selector) => getComputedStyle(document.querySelector(selector)!).maskImage));
      for (const mask of masks) expect(mask).toMatch(/^url\("data:image\/svg\+xml;base64,/);
      expect(await copy.evaluate(() => (document.querySelector('img') as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
