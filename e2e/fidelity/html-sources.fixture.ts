import type { FixtureRoute } from '../../packages/archiver/test/support/fixture-site.js';
import { htmlPage } from '../support/archived-page.js';
import { tinyWoff2 } from '../support/tiny-font.js';
import { solidPng, solidSvg, type Rgb } from '../support/test-images.js';

// Every place in HTML that references a file, one small page each. Images differ in size and
// colour so that a test can tell which file the browser showed.

export const COLORS = {
  linked: [10, 120, 30],
  frame: [140, 20, 90],
  frameImage: [20, 140, 90],
  inner: [90, 20, 140],
  base: [30, 60, 200],
  input: [200, 100, 0],
  object: [0, 160, 160],
  objectInner: [160, 160, 0],
  embed: [160, 0, 160],
  svgImage: [90, 90, 0],
  sprite: [0, 200, 0],
  feImage: [250, 0, 120],
  inlineStyle: [70, 0, 200],
  inlineEntity: [200, 0, 70],
  styleBlock: [200, 200, 0],
  body: [255, 220, 200],
  table: [200, 255, 220],
  cell: [220, 200, 255],
} as const satisfies Record<string, Rgb>;

const png = (width: number, height: number, color: Rgb = [128, 128, 128]): FixtureRoute => ({
  type: 'image/png',
  body: solidPng(width, height, color),
});
const svg = (color: Rgb): FixtureRoute => ({ type: 'image/svg+xml', body: solidSvg(40, 40, color) });
const page = (head: string, body: string): FixtureRoute => ({ body: htmlPage(head, body) });

export const htmlSourcesSite: Record<string, FixtureRoute> = {
  '/link-stylesheet/': page('<link rel="stylesheet" href="/h/linked.css">', '<p id="styled">styled</p>'),
  '/h/linked.css': { type: 'text/css', body: `#styled { color: rgb(${COLORS.linked.join(',')}); }` },

  '/link-icons/': page(
    `<link rel="icon" href="/h/favicon.png">
<link rel="shortcut icon" href="/h/favicon.ico">
<link rel="apple-touch-icon" href="/h/touch-icon.png">
<link rel="manifest" href="/h/app.webmanifest">`,
    '<p>icons</p>',
  ),
  '/h/favicon.png': png(16, 16),
  '/h/touch-icon.png': png(18, 18),
  '/h/favicon.ico': { type: 'image/x-icon', body: solidPng(16, 16, [1, 1, 1]) },
  '/h/app.webmanifest': { type: 'application/manifest+json', body: '{"name":"fixture","start_url":"/"}' },

  '/link-preload/': page(
    `<link rel="preload" as="style" href="/h/preloaded.css">
<link rel="preload" as="font" type="font/woff2" href="/h/preloaded.woff2" crossorigin>
<link rel="preload" as="image" href="/h/preloaded.png" imagesrcset="/h/preloaded.png 1x, /h/preloaded-2x.png 2x">`,
    '<p>preloads</p>',
  ),
  '/h/preloaded.css': { type: 'text/css', body: 'p { margin: 1px; }' },
  '/h/preloaded.woff2': { type: 'font/woff2', body: tinyWoff2('Preloaded') },
  '/h/preloaded.png': png(5, 5),
  '/h/preloaded-2x.png': png(10, 10),

  '/classic-script/': page('<script src="/h/app.js"></script>', '<p id="out">not run</p>'),
  '/h/app.js': {
    type: 'text/javascript',
    body: `window.fixtureGlobal = 'set by app.js';
document.addEventListener('DOMContentLoaded', () => { document.getElementById('out').textContent = window.fixtureGlobal; });`,
  },

  '/img-srcset/': page('', '<img id="pic" src="/h/img-1x.png" srcset="/h/img-1x.png 1x, /h/img-2x.png 2x" alt="">'),
  '/h/img-1x.png': png(11, 7),
  '/h/img-2x.png': png(22, 14),

  '/picture/': page(
    '',
    `<picture>
  <source srcset="/h/picture-source.png" media="(min-width: 1px)" type="image/png">
  <img id="pic" src="/h/picture-fallback.png" alt="">
</picture>`,
  ),
  '/h/picture-source.png': png(13, 9),
  '/h/picture-fallback.png': png(3, 3),

  '/video/': page(
    '',
    `<video id="with-src" poster="/h/poster.png" src="/h/clip.webm" width="40" height="30"></video>
<video id="with-source" poster="/h/poster.png" width="40" height="30"><source src="/h/clip-source.webm" type="video/webm">
<track id="track" src="/h/captions.vtt" kind="captions" srclang="en"></video>
<audio id="audio" src="/h/sound.mp3"></audio>`,
  ),
  '/video-track/': page(
    '',
    `<video id="v" width="40" height="30"><source src="/h/clip.webm" type="video/webm">
<track id="captions" src="/h/captions.vtt" kind="subtitles" srclang="en" label="English" default></video>`,
  ),
  '/h/poster.png': png(17, 12),
  // Not a playable video: the tests look at where the media points, not at playback.
  '/h/clip.webm': { type: 'video/webm', body: Buffer.from('not really a video') },
  '/h/clip-source.webm': { type: 'video/webm', body: Buffer.from('not really a video either') },
  '/h/sound.mp3': { type: 'audio/mpeg', body: Buffer.from('not really audio') },
  '/h/captions.vtt': { type: 'text/vtt', body: 'WEBVTT\n\n00:00.000 --> 00:10.000\nhello captions\n' },

  '/input-image/': page('', '<input id="btn" type="image" src="/h/button.png" alt="go">'),
  '/h/button.png': png(30, 20, COLORS.input),

  '/object-embed/': page(
    '',
    `<object id="obj" data="/h/object.svg" type="image/svg+xml" width="40" height="40"></object>
<embed id="emb" src="/h/embed.svg" type="image/svg+xml" width="40" height="40">`,
  ),
  '/h/object.svg': svg(COLORS.object),
  // An SVG shown as a document (not as an image) loads what it references.
  '/object-svg-refs/': page('', '<object id="obj" data="/h/svgdoc/scene.svg" type="image/svg+xml" width="40" height="40"></object>'),
  '/h/svgdoc/scene.svg': {
    type: 'image/svg+xml',
    body: `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><image href="fill.png" width="40" height="40" preserveAspectRatio="none"/></svg>`,
  },
  '/h/svgdoc/fill.png': png(4, 4, COLORS.objectInner),
  '/h/embed.svg': svg(COLORS.embed),

  '/iframe/': page('', '<iframe id="frame" src="/h/frame.html" width="200" height="80"></iframe>'),
  // Relative references inside the frame resolve against the frame's URL, not the page's.
  '/h/frame.html': page(
    '<link rel="stylesheet" href="frame.css">',
    '<p id="inside">inside the frame</p><img id="frame-img" src="frame-img.png" alt="">',
  ),
  '/h/frame.css': { type: 'text/css', body: `#inside { color: rgb(${COLORS.frame.join(',')}); }` },
  '/h/frame-img.png': png(26, 3),

  '/iframe-nested/': page('', '<iframe id="outer" src="/h/nest/outer.html" width="300" height="150"></iframe>'),
  '/h/nest/outer.html': page('', '<p>outer</p><iframe id="inner" src="deeper/inner.html" width="200" height="80"></iframe>'),
  '/h/nest/deeper/inner.html': page('', '<p id="text">innermost</p><img id="pic" src="../inner.png" alt="">'),
  '/h/nest/inner.png': png(29, 3),

  '/iframe-srcdoc/': page(
    '',
    `<iframe id="frame" width="200" height="80" srcdoc="&lt;p&gt;srcdoc&lt;/p&gt;&lt;img id=&quot;in-srcdoc&quot; src=&quot;/h/srcdoc.png&quot; alt=&quot;&quot;&gt;"></iframe>`,
  ),
  '/h/srcdoc.png': png(15, 6),

  '/svg-image/': page(
    '',
    `<svg id="svg" width="40" height="40"><image href="/h/svg-image.png" width="40" height="40" preserveAspectRatio="none"/></svg>`,
  ),
  '/h/svg-image.png': png(4, 4, COLORS.svgImage),

  '/svg-use/': page(
    '',
    `<svg id="svg" width="40" height="40" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="/h/sprite.svg#icon" width="40" height="40"/></svg>`,
  ),
  '/h/sprite.svg': {
    type: 'image/svg+xml',
    body: `<svg xmlns="http://www.w3.org/2000/svg"><symbol id="icon" viewBox="0 0 10 10"><rect width="10" height="10" fill="rgb(${COLORS.sprite.join(',')})"/></symbol></svg>`,
  },

  '/svg-feimage/': page(
    '',
    `<svg id="svg" width="40" height="40"><filter id="fe" x="0" y="0" width="1" height="1">
<feImage href="/h/fe-image.png" width="40" height="40" preserveAspectRatio="none"/></filter>
<rect width="40" height="40" filter="url(#fe)"/></svg>`,
  ),
  '/h/fe-image.png': png(4, 4, COLORS.feImage),

  '/inline-style/': page(
    '',
    `<div id="box" style="width:40px;height:40px;background-image:url(/h/inline-bg.png)"></div>
<div id="entity" style="width:40px;height:40px;background:url(&quot;/h/inline bg&#39;2.png&quot;)"></div>`,
  ),
  '/h/inline-bg.png': png(4, 4, COLORS.inlineStyle),
  "/h/inline%20bg'2.png": png(4, 4, COLORS.inlineEntity),

  '/style-block/': page(
    '<style>#box { width: 40px; height: 40px; background: url("/h/block-bg.png") repeat; }</style>',
    '<div id="box"></div>',
  ),
  '/h/block-bg.png': png(4, 4, COLORS.styleBlock),

  '/legacy-background/': {
    body: `<!doctype html><html><head><meta charset="utf-8"></head><body background="/h/body-bg.png">
<table id="table" background="/h/table-bg.png" cellpadding="30"><tr><td id="cell" background="/h/cell-bg.png"></td><td id="plain"></td></tr></table><div id="spacer" style="height:20px"></div></body></html>`,
  },
  '/h/body-bg.png': png(4, 4, COLORS.body),
  '/h/table-bg.png': png(4, 4, COLORS.table),
  '/h/cell-bg.png': png(4, 4, COLORS.cell),

  '/noscript/': page('', '<noscript><img id="ns" src="/h/noscript.png" alt=""></noscript><p>js on</p>'),
  '/h/noscript.png': png(19, 8),

  '/base/': page(
    '<base href="/h/sub/"><link rel="stylesheet" href="base.css">',
    '<img id="pic" src="relative.png" alt=""><p id="styled">styled</p><a id="link" href="other.html">other</a>',
  ),
  '/h/sub/relative.png': png(21, 4),
  '/h/sub/base.css': { type: 'text/css', body: `#styled { color: rgb(${COLORS.base.join(',')}); }` },

  // A refresh that waits (a notice): the start page's copy keeps the page, without the refresh. An
  // immediate one is followed as a redirect instead (archive-meta-refresh.test.ts).
  '/meta-refresh/': page('<meta http-equiv="refresh" content="5; url=/elsewhere/">', '<p id="still">still here</p>'),
  '/elsewhere/': page('', '<p>moved on</p>'),
  '/meta-redirect/': page('<meta http-equiv="refresh" content="0; url=/elsewhere/">', '<p>Redirecting…</p>'),
};
