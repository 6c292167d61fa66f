import type { FixtureRoute } from '../../packages/archiver/test/support/fixture-site.js';
import { htmlPage } from '../support/archived-page.js';
import { BLANK_GIF, solidPng, type Rgb } from '../support/test-images.js';

// Lazy-loading markup as lazysizes and similar libraries expect it. The library's script is not
// part of the fixture: offline, the real image has to show without it.

export const BG_COLORS = {
  plain: [0, 90, 180],
  cssValue: [180, 90, 0],
  background: [90, 180, 0],
} as const satisfies Record<string, Rgb>;

const png = (width: number, height: number, color: Rgb = [200, 50, 50]): FixtureRoute => ({
  type: 'image/png',
  body: solidPng(width, height, color),
});
const page = (body: string): FixtureRoute => ({ body: htmlPage('', body) });

export const lazyImagesSite: Record<string, FixtureRoute> = {
  '/data-src/': page(
    `<img id="with-placeholder" class="lazyload" src="/l/placeholder.gif" data-src="/l/real.png" alt="">
<img id="without-src" class="lazyload" data-src="/l/other.png" alt="">
<img id="lazy-src" src="/l/placeholder.gif" data-lazy-src="/l/lazy-src.png" alt="">
<img id="original" src="/l/placeholder.gif" data-original="/l/original.png" alt="">`,
  ),
  '/data-srcset/': page(
    `<img id="pic" class="lazyload" src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
  data-srcset="/l/set-1x.png 1x, /l/set-2x.png 2x" alt="">
<picture><source type="image/png" data-srcset="/l/source-1x.png 1x, /l/source-2x.png 2x">
<img id="in-picture" class="lazyload" data-src="/l/picture-fallback.png" alt=""></picture>`,
  ),
  '/data-bg/': page(
    `<div id="plain" class="lazyload" data-bg="/l/background.png" style="width:40px;height:40px"></div>
<div id="css-value" class="lazyload" data-bg="url('/l/css-value.png')" style="width:40px;height:40px"></div>
<div id="background" class="lazyload" data-background="/l/data-background.png" style="width:40px;height:40px"></div>`,
  ),
  '/l/placeholder.gif': { type: 'image/gif', body: BLANK_GIF },
  '/l/real.png': png(23, 5),
  '/l/other.png': png(9, 9),
  '/l/lazy-src.png': png(24, 5),
  '/l/original.png': png(25, 5),
  '/l/source-1x.png': png(16, 3),
  '/l/source-2x.png': png(32, 6),
  '/l/picture-fallback.png': png(2, 2),
  '/l/set-1x.png': png(14, 3),
  '/l/set-2x.png': png(28, 6),
  '/l/background.png': png(4, 4, BG_COLORS.plain),
  '/l/css-value.png': png(4, 4, BG_COLORS.cssValue),
  '/l/data-background.png': png(4, 4, BG_COLORS.background),
};
