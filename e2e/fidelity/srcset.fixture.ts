import type { FixtureRoute } from '../../packages/archiver/test/support/fixture-site.js';
import { htmlPage } from '../support/archived-page.js';
import { solidPng } from '../support/test-images.js';

const png = (width: number): FixtureRoute => ({ type: 'image/png', body: solidPng(width, 2, [40, 40, 40]) });
const page = (body: string): FixtureRoute => ({ body: htmlPage('', body) });

/** Every candidate URL of the many-candidates page, as paths on the fixture site. */
export const ALL_CANDIDATES = ['/s/c0.png', '/s/c1.png', '/s/c2.png', '/s/c3.png', '/s/p1.png', '/s/p2.png'];

export const srcsetSite: Record<string, FixtureRoute> = {
  // A comma inside a URL belongs to it: only whitespace ends a srcset URL.
  '/comma-url/': page('<img id="a" srcset="/s/a,b.png 1x" alt=""><img id="b" srcset="/s/c,d.png" alt="">'),
  '/s/a,b.png': png(31),
  // A data: URL holds a comma too; it is kept as written while its neighbour is saved.
  '/data-candidate/': page(`<img id="pic" srcset="data:image/png;base64,${solidPng(3, 2, [9, 9, 9]).toString('base64')} 1x, /s/e.png 2x" alt="">`),
  '/s/e.png': png(34),
  '/s/c,d.png': png(32),

  '/w-descriptors/': page('<img id="pic" srcset="/s/w100.png 100w, /s/w200.png 200w" sizes="(max-width: 10px) 200px, 50px" alt="">'),
  '/s/w100.png': png(10),
  '/s/w200.png': png(20),

  '/many-candidates/': page(
    `<img id="pic" src="/s/c0.png" srcset="/s/c1.png 1x,/s/c2.png 2x,
      /s/c3.png 3x" alt="">
<picture><source id="src" srcset="/s/p1.png 1x, /s/p2.png 2x" media="(max-width: 1px)"><img id="fallback" src="/s/c0.png" alt=""></picture>`,
  ),
  '/s/c0.png': png(4),
  '/s/c1.png': png(5),
  '/s/c2.png': png(6),
  '/s/c3.png': png(7),
  '/s/p1.png': png(8),
  '/s/p2.png': png(9),
};
