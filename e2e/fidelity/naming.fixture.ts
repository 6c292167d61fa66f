import type { FixtureRoute } from '../../packages/archiver/test/support/fixture-site.js';
import { htmlPage } from '../support/archived-page.js';
import { solidPng, solidSvg, type Rgb } from '../support/test-images.js';

// URLs whose saved names are hard to get right: queries, missing or misleading extensions,
// other hosts, names differing only in case, and characters that mean something in a URL.

export const STYLE_COLOR: Rgb = [12, 200, 34];
export const CROSS_COLOR: Rgb = [150, 75, 0];

const png = (width: number, color: Rgb = [80, 80, 80]): FixtureRoute => ({ type: 'image/png', body: solidPng(width, 2, color) });
const page = (head: string, body: string): FixtureRoute => ({ body: htmlPage(head, body) });

/** Decoded file names with characters that are special in URLs, percent-encoded in the page, and their image widths. */
export const SPECIAL_NAMES: readonly (readonly [id: string, path: string, width: number])[] = [
  ['hash', '/n/%23hash.png', 41],
  ['percent', '/n/100%25.png', 42],
  ['comma', '/n/a%2Cb.png', 43],
  ['pipe', '/n/pi%7Cpe.png', 44],
  ['question', '/n/what%3F.png', 45],
  ['space', '/n/two%20words.png', 46],
];

/** Names that stress the file system rather than the URL, and their image widths. */
export const HOSTILE_NAMES: readonly (readonly [id: string, path: string, width: number])[] = [
  ['long', `/n/${'very-long-name-'.repeat(12)}end.png`, 71],
  ['reserved', '/n/con.png', 72],
  ['unicode', '/n/caf%C3%A9-%E6%97%A5%E6%9C%AC.png', 73],
  ['climb', '/n/..%2F..%2Fescape.png', 74],
  ['trailing-dot', '/n/dots...', 75],
  ['nested', '/n/deep/a/b/c/d/e/f/g/h/pic.png', 76],
];

export function namingSite(otherOrigin: string): Record<string, FixtureRoute> {
  return {
    '/query-strings/': page('', '<img id="v1" src="/n/pic.png?v=1" alt=""><img id="v2" src="/n/pic.png?v=2" alt="">'),
    '/n/pic.png': {
      handle: (request, response) => {
        const version = new URL(request.url ?? '/', 'http://x').searchParams.get('v');
        response.writeHead(200, { 'content-type': 'image/png' }).end(solidPng(version === '2' ? 52 : 51, 2, [0, 0, 0]));
      },
    },

    '/extensionless-css/': page('<link rel="stylesheet" href="/n/styles">', '<p id="styled">styled</p>'),
    '/n/styles': { type: 'text/css', body: `#styled { color: rgb(${STYLE_COLOR.join(',')}); }` },

    '/php-image/': page('', '<img id="pic" src="/n/image.php?id=3" alt="">'),
    '/n/image.php': png(33),

    // WordPress serves its stylesheets this way; from disk, the browser goes by the extension.
    '/php-css/': page('<link rel="stylesheet" href="/n/load-styles.php?c=0&amp;load%5Bchunk_0%5D=dashicons&amp;ver=6">', '<p id="styled">styled</p>'),
    '/n/load-styles.php': { type: 'text/css', body: `#styled { color: rgb(${STYLE_COLOR.join(',')}); }` },

    '/extensionless-svg/': page('', '<img id="pic" src="/n/icon" alt="">'),
    '/n/icon': { type: 'image/svg+xml', body: solidSvg(38, 38, [0, 0, 0]) },

    '/cross-origin/': page(
      `<link rel="stylesheet" href="${otherOrigin}/x/style.css">`,
      `<img id="pic" src="${otherOrigin}/x/pic.png" alt=""><div id="box" style="width:20px;height:20px"></div>`,
    ),

    '/case-collision/': page('', '<img id="upper" src="/n/A.png" alt=""><img id="lower" src="/n/a.png" alt="">'),
    '/n/A.png': png(61),
    '/n/a.png': png(62),

    '/special-characters/': page(
      '',
      SPECIAL_NAMES.map(([id, path]) => `<img id="${id}" src="${path}" alt="">`).join(''),
    ),
    ...Object.fromEntries(SPECIAL_NAMES.map(([, path, width]) => [path, png(width)])),

    '/hostile-names/': page('', HOSTILE_NAMES.map(([id, path]) => `<img id="${id}" src="${path}" alt="">`).join('')),
    ...Object.fromEntries(HOSTILE_NAMES.map(([, path, width]) => [path, png(width)])),
  };
}

/** The second origin of the cross-origin page; its stylesheet's relative URL resolves on this host. */
export const otherSite: Record<string, FixtureRoute> = {
  '/x/style.css': { type: 'text/css', body: '#box { background: url(bg.png); }' },
  '/x/bg.png': png(4, CROSS_COLOR),
  '/x/pic.png': png(35),
};
