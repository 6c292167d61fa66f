import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { FixtureRoute } from '../../packages/archiver/test/support/fixture-site.js';
import { htmlPage } from '../support/archived-page.js';
import { solidPng, type Rgb } from '../support/test-images.js';

// How bytes arrive: compressed transfer encodings, redirect chains, and error statuses.

export const GZIP_COLOR: Rgb = [33, 66, 99];
export const GZIP_CSS = `#gz { color: rgb(${GZIP_COLOR.join(',')}); }\n`;
export const DEFLATE_PNG = solidPng(25, 3, [0, 0, 0]);
export const BR_JS = "window.fromBrotli = 'decoded';\n";
export const ERRORS_COLOR: Rgb = [66, 99, 33];

const encoded = (type: string, encoding: string, body: Buffer): FixtureRoute => ({
  type,
  body,
  headers: { 'content-encoding': encoding, vary: 'accept-encoding' },
});
const redirect = (status: number, location: string): FixtureRoute => ({ status, headers: { location } });
const page = (head: string, body: string): FixtureRoute => ({ body: htmlPage(head, body) });

export const transferSite: Record<string, FixtureRoute> = {
  '/encodings/': page(
    '<link rel="stylesheet" href="/t/gzip.css"><script src="/t/brotli.js"></script>',
    '<p id="gz">gzip</p><img id="deflate" src="/t/deflate.png" alt="">',
  ),
  '/t/gzip.css': encoded('text/css', 'gzip', gzipSync(GZIP_CSS)),
  '/t/deflate.png': encoded('image/png', 'deflate', deflateSync(DEFLATE_PNG)),
  '/t/brotli.js': encoded('text/javascript', 'br', brotliCompressSync(BR_JS)),

  '/redirects/': page('', '<img id="old" src="/t/old.png" alt=""><img id="direct" src="/t/final.png" alt="">'),
  '/t/old.png': redirect(301, '/t/moved.png'),
  '/t/moved.png': redirect(302, '/t/final.png'),
  '/t/final.png': { type: 'image/png', body: solidPng(27, 3, [0, 0, 0]) },

  '/errors/': page(
    '<link rel="stylesheet" href="/t/broken.css"><link rel="stylesheet" href="/t/fine.css">',
    '<img id="missing" src="/t/missing.png" alt=""><img id="crash" src="/t/crash.png" alt=""><p id="styled">errors</p><div id="bg"></div>',
  ),
  // A stylesheet that loads, but whose own references fail.
  '/t/fine.css': {
    type: 'text/css',
    body: `@import "missing-import.css";\n#styled { color: rgb(${ERRORS_COLOR.join(',')}); }\n#bg { height: 10px; background: url(missing-bg.png); }\n`,
  },
  '/t/missing.png': { status: 404, type: 'text/html', body: '<h1>Not found</h1>' },
  '/t/crash.png': { status: 500, type: 'text/html', body: '<h1>Internal error</h1>' },
  '/t/broken.css': { status: 500, type: 'text/html', body: '<h1>Internal error</h1>' },

  '/redirect-loop/': page('', '<img id="loop" src="/t/loop-a.png" alt=""><p id="text">loop</p>'),
  '/t/loop-a.png': redirect(302, '/t/loop-b.png'),
  '/t/loop-b.png': redirect(302, '/t/loop-a.png'),
};
