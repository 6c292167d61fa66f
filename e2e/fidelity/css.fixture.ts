import type { FixtureRoute } from '../../packages/archiver/test/support/fixture-site.js';
import { htmlPage } from '../support/archived-page.js';
import { solidPng, type Rgb } from '../support/test-images.js';
import { tinyTtf, tinyWoff2 } from '../support/tiny-font.js';

// References inside stylesheets: every spelling of url(), imports, image-set(), fonts, relative
// resolution and @charset. Each background is its own colour; each box is 20×20.

export const COLORS = {
  q1: [255, 0, 0],
  q2: [0, 255, 0],
  q3: [0, 0, 255],
  q4: [255, 255, 0],
  q5: [0, 255, 255],
  q6: [255, 0, 255],
  n1: [120, 0, 0],
  n2: [0, 120, 0],
  n3: [0, 0, 120],
  n4: [120, 120, 0],
  is1: [10, 200, 100],
  is2: [200, 10, 100],
  up: [60, 120, 180],
  root: [180, 120, 60],
  same: [120, 60, 180],
  abs: [60, 180, 120],
  cs: [90, 30, 60],
  top: [1, 2, 3],
  one: [4, 5, 6],
  two: [7, 8, 9],
  media: [10, 11, 12],
} as const satisfies Record<string, Rgb>;

const rgb = (color: Rgb) => `rgb(${color.join(',')})`;
const png = (color: Rgb): FixtureRoute => ({ type: 'image/png', body: solidPng(4, 4, color) });
const cssFile = (body: string | Buffer): FixtureRoute => ({ type: 'text/css', body });
const boxes = (...ids: string[]) => ids.map((id) => `<div id="${id}" class="box"></div>`).join('');
const page = (stylesheet: string, body: string): FixtureRoute => ({
  body: htmlPage(`<style>.box { width: 20px; height: 20px; }</style><link rel="stylesheet" href="${stylesheet}">`, body),
});

export const cssSite: Record<string, FixtureRoute> = {
  '/url-forms/': page('/c/forms.css', boxes('q1', 'q2', 'q3', 'q4', 'q5', 'q6')),
  '/c/forms.css': cssFile(`#q1 { background: url("img/q1.png"); }
#q2 { background: url('img/q2.png'); }
#q3 { background: url(img/q3.png); }
#q4 { background: url(img/q\\34 .png); } /* \\34 is an escaped "4" */
#q5 { background: url(  "img/q5.png"  ); }
#q6 { background: URL( img/q6.png ); }
`),
  '/c/img/q1.png': png(COLORS.q1),
  '/c/img/q2.png': png(COLORS.q2),
  '/c/img/q3.png': png(COLORS.q3),
  '/c/img/q4.png': png(COLORS.q4),
  '/c/img/q5.png': png(COLORS.q5),
  '/c/img/q6.png': png(COLORS.q6),

  // Saved names hold spaces, parentheses and quotes, which the rewritten CSS must escape.
  '/awkward-names/': page('/c/awkward.css', boxes('n1', 'n2', 'n3', 'n4')),
  '/c/awkward.css': cssFile(`#n1 { background: url("img/a%20(1).png"); }
#n2 { background: url(img/b\\ \\(2\\).png); }
#n3 { background: url("img/it's.png"); }
#n4 { background: url('img/q%22uote.png'); }
`),
  '/c/img/a%20(1).png': png(COLORS.n1),
  '/c/img/b%20(2).png': png(COLORS.n2),
  "/c/img/it's.png": png(COLORS.n3),
  '/c/img/q%22uote.png': png(COLORS.n4),

  '/imports/': page('/c/imp/main.css', '<p id="top">top</p><p id="one">one</p><p id="two">two</p><p id="media">media</p>'),
  '/c/imp/main.css': cssFile(`@import url("level1.css");
@import "screen-only.css" screen;
@import url(print-only.css) print;
#top { color: ${rgb(COLORS.top)}; }
`),
  '/c/imp/level1.css': cssFile(`@import 'deeper/level2.css';\n#one { color: ${rgb(COLORS.one)}; }\n`),
  '/c/imp/deeper/level2.css': cssFile(`#two { color: ${rgb(COLORS.two)}; }\n`),
  '/c/imp/screen-only.css': cssFile(`#media { color: ${rgb(COLORS.media)}; }\n`),
  '/c/imp/print-only.css': cssFile('#media { color: rgb(255, 0, 0) !important; }\n'),

  // The same references from a <style> block resolve against the page.
  '/style-block-refs/': {
    body: htmlPage(
      `<style>@import url("/c/imp/level1.css");
@font-face { font-family: H; src: url(/c/fonts/g.ttf) format("truetype"); }
#h { font: 16px H, monospace; }</style>`,
      '<p id="one">one</p><p id="two">two</p><p><span id="h">iiii</span></p>',
    ),
  },

  // Two stylesheets importing each other: browsers ignore the cycle, the capture must not wait on it.
  '/import-cycle/': page('/c/cycle/a.css', '<p id="top">a</p><p id="one">b</p>'),
  '/c/cycle/a.css': cssFile(`@import "b.css";\n#top { color: ${rgb(COLORS.top)}; }\n`),
  '/c/cycle/b.css': cssFile(`@import "a.css";\n#one { color: ${rgb(COLORS.one)}; }\n`),

  '/image-set/': page('/c/image-set.css', boxes('is1', 'is2')),
  '/c/image-set.css': cssFile(`#is1 { background-image: image-set(url("img/is1-1x.png") 1x, url("img/is1-2x.png") 2x); }
#is2 { background-image: -webkit-image-set("img/is2-1x.png" 1x, "img/is2-2x.png" 2x); }
`),
  '/c/img/is1-1x.png': png(COLORS.is1),
  '/c/img/is1-2x.png': png([0, 0, 0]),
  '/c/img/is2-1x.png': png(COLORS.is2),
  '/c/img/is2-2x.png': png([0, 0, 0]),

  '/fonts/': page(
    '/c/fonts.css',
    '<p><span id="f">iiii</span></p><p><span id="g">iiii</span></p><p><span id="fallback">iiii</span></p>',
  ),
  '/c/fonts.css': cssFile(`@font-face { font-family: "F"; src: url("fonts/f.woff2") format("woff2"), url(fonts/f.ttf) format("truetype"); }
@font-face { font-family: G; src: local("Surely Not An Installed Font"), url('fonts/g.ttf') format('truetype'); }
#f { font: 16px F, monospace; }
#g { font: 16px G, monospace; }
#fallback { font: 16px monospace; }
`),
  '/c/fonts/f.woff2': { type: 'font/woff2', body: tinyWoff2('F') },
  '/c/fonts/f.ttf': { type: 'font/ttf', body: tinyTtf('F') },
  '/c/fonts/g.ttf': { type: 'font/ttf', body: tinyTtf('G') },

  '/relative/': page('/c/a/b/c.css', boxes('up', 'root', 'same', 'abs')),
  '/c/a/b/c.css': {
    // The absolute URL names this very server, whatever port it got.
    handle: (request, response) => {
      response.writeHead(200, { 'content-type': 'text/css' });
      response.end(`#up { background: url(../img.png); }
#root { background: url(/c/root.png); }
#same { background: url(here.png); }
#abs { background: url(http://${request.headers.host}/c/abs.png); }
`);
    },
  },
  '/c/a/img.png': png(COLORS.up),
  '/c/root.png': png(COLORS.root),
  '/c/a/b/here.png': png(COLORS.same),
  '/c/abs.png': png(COLORS.abs),

  // Served without a charset parameter: @charset is what tells the browser how to read the bytes.
  '/charset/': page('/c/latin1.css', '<p id="cs"></p><div id="cs-bg" class="box"></div><link rel="stylesheet" href="/c/utf8.css"><p id="u"></p>'),
  '/c/latin1.css': cssFile(
    Buffer.from(`@charset "windows-1252";\n#cs::before { content: "caf\u00e9"; }\n#cs-bg { background: url(img/cs.png); }\n`, 'latin1'),
  ),
  '/c/utf8.css': cssFile(Buffer.from('@charset "utf-8";\n#u::before { content: "\u2192 ok"; }\n', 'utf8')),
  '/c/img/cs.png': png(COLORS.cs),
};
