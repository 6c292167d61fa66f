/** Realistic documents for the fuzz tests to mutate, each touching a different part of the parse layer. */

export const SEED_HTML = [
  `<!DOCTYPE html>
<html lang="en"><head><meta charset="windows-1252"><base href="https://example.test/blog/">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'"><meta http-equiv=refresh content="30">
<meta name="robots" content="noindex, nofollow"><title>Post &amp; more</title>
<link rel="stylesheet" href="/css/site.css" integrity="sha384-abc" crossorigin="anonymous">
<link rel=preload as=image href=hero.jpg imagesrcset="hero.jpg 1x, hero@2x.jpg 2x"><link rel="icon" href="/favicon.ico">
<script type="importmap">{"imports":{"lib":"/js/lib.js"}}</script><script type=module>import "lib"; import("./lazy.js");</script>
<style>@import url("print.css") print; body{background:url(bg.png) no-repeat;font:12px/1 x}
@font-face{font-family:F;src:url(f.woff2) format("woff2"),url('f.eot?#iefix')}</style>
<noscript><link rel=stylesheet href=noscript.css></noscript></head>
<body class="post" background="tile.gif"><header style="background-image:image-set('h.avif' type('image/avif'), url(h.jpg) 1x)">
<img src="data:image/gif;base64,R0lGOD" data-src="photo.jpg" data-srcset="photo.jpg 1x, photo@2x.jpg 2x" alt="A photo"/>
<picture><source srcset="a.webp 1x, b.webp 2x" type="image/webp"><img src=a.jpg srcset="a.jpg, b.jpg 2x"></picture>
<a href="/next?page=2&amp;sort=new">Next</a><div data-bg="url(&quot;bg2.png&quot;)"></div><iframe srcdoc="<img src=&quot;in.png&quot;>"></iframe>
<template><img src=tpl.png></template><svg><use xlink:href="sprite.svg#icon"/><image href='i.png'/><style>r{fill:url(#g)}</style></svg>
<video poster=p.jpg><source src=v.mp4><track src=t.vtt></video><table><td background=td.png>x</td></table></body></html>`,
  `<html><body><p>Paragraph with <b>bold <i>nested</b> mis</i>nesting</p><p><a href="/more">Read <p>more</a>
<p><b style="background:url(b.png)">left open<p>across paragraphs<form><input type=image src=go.png></form>
<object data=o.swf><embed src=e.swf></object><area href=/map><frameset><frame src=f.html></frameset></body></html>`,
];

export const SEED_CSS = [
  `@charset "utf-8";
@import "reset.css";
@import url(theme.css) screen and (min-width: 40em);
:root{--bg:url( "var.png" )}
body { background: #fff url('img/bg.png') repeat-x; }
.hero{background-image:-webkit-image-set("h.png" 1x, "h@2x.png" 2x);background-image:image-set(url(h.avif) type("image/avif"))}
@font-face { font-family: "F"; src: url(fonts/f.eot?#iefix) format("embedded-opentype"), url("fonts/f.woff2") format("woff2"); }
/* url(commented.png) */ .a::after{content:"url(not.png)"} .b{mask:url(#m)} .c{background:URL(\\61 .png)}
@namespace svg url(http://www.w3.org/2000/svg);
@media print { .d { background: url( print.png ) } }`,
];

export const SEED_SRCSET = ['a.jpg 1x, b.jpg 2x', 'small.jpg 480w,medium.jpg 800w, large.jpg 1200w', 'data:image/png;base64,AAA= 1x, b.png (x, y) 2x'];

export const SEED_JS = [
  `import React, { useState } from 'react';
import "./side-effect.js";
export * from "./reexport.js";
export { a as b } from './named.js';
import data from "./data.json" with { type: "json" };
const lazy = () => import('./lazy.js');
const dynamic = import(\`./tpl.js\`);
const computed = import(name);
const img = new URL('./img.png', import.meta.url).href;
// import "commented.js";
const re = /import("not")/g, s = "import 'not.js'", t = \`\${x} import('n.js')\`;
export default function App() { return import.meta.env?.MODE; }`,
];
