import { randomBytes } from 'node:crypto';
import type { FixtureRoute } from '../packages/archiver/test/support/fixture-site.js';

export interface GeneratedSite {
  routes: Record<string, FixtureRoute>;
  resources: number;
  /** Requests that must happen one after another: HTML → CSS → @import → font/image. */
  levels: number;
}

/**
 * A page of about 150 resources with three dependency levels below the HTML:
 * 10 stylesheets that each @import one more, whose fonts and images form the deepest level;
 * plus 20 scripts and 60 images referenced by the HTML itself.
 */
export function pageSite(): GeneratedSite {
  const routes: Record<string, FixtureRoute> = {};
  const blob = (bytes: number) => randomBytes(bytes);
  const links: string[] = [];
  for (let i = 0; i < 10; i++) {
    links.push(`<link rel="stylesheet" href="/css/s${i}.css">`);
    routes[`/css/s${i}.css`] = { type: 'text/css', body: `@import "deep/d${i}.css";\n.s${i} { background: url(../img/s${i}.png) }` };
    const deepImages = Array.from({ length: 4 }, (_, j) => `.d${i}-${j} { background: url(../../img/d${i}-${j}.png) }`);
    routes[`/css/deep/d${i}.css`] = {
      type: 'text/css',
      body: `@font-face { font-family: F${i}; src: url(../../fonts/f${i}.woff2) format("woff2"); }\n${deepImages.join('\n')}`,
    };
    routes[`/fonts/f${i}.woff2`] = { type: 'font/woff2', body: blob(20_000) };
    routes[`/img/s${i}.png`] = { type: 'image/png', body: blob(8_000) };
    for (let j = 0; j < 4; j++) routes[`/img/d${i}-${j}.png`] = { type: 'image/png', body: blob(8_000) };
  }
  const scripts: string[] = [];
  for (let i = 0; i < 20; i++) {
    scripts.push(`<script src="/js/m${i}.js"></script>`);
    routes[`/js/m${i}.js`] = { type: 'text/javascript', body: `window.m${i} = ${JSON.stringify('x'.repeat(4_000))};` };
  }
  const images: string[] = [];
  for (let i = 0; i < 60; i++) {
    images.push(`<img src="/photos/p${i}.jpg" alt="">`);
    routes[`/photos/p${i}.jpg`] = { type: 'image/jpeg', body: blob(30_000) };
  }
  routes['/'] = {
    body: `<!doctype html><html><head><meta charset="utf-8"><title>Bench page</title>${links.join('')}${scripts.join('')}</head>
<body><h1>Bench</h1>${images.join('\n')}</body></html>`,
  };
  return { routes, resources: Object.keys(routes).length, levels: 4 };
}

/**
 * A small page as most pages on the web are: one stylesheet with a background image, one script,
 * three images and an icon. Start-up, not transfer, decides how fast a tool copies it.
 */
export function tinyPageSite(): GeneratedSite {
  const routes: Record<string, FixtureRoute> = {
    '/': {
      body: `<!doctype html><html><head><meta charset="utf-8"><title>A small page</title>
<link rel="icon" href="/favicon.ico"><link rel="stylesheet" href="/style.css"><script src="/app.js" defer></script></head>
<body><header class="hero"><h1>A small page</h1></header><p>${'Some words of text. '.repeat(40)}</p>
<img src="/a.jpg" alt="a"><img src="/b.jpg" alt="b"><img src="/c.png" alt="c"></body></html>`,
    },
    '/style.css': { type: 'text/css', body: `body { font: 16px/1.5 sans-serif } .hero { background: url(hero.jpg) }` },
    '/app.js': { type: 'text/javascript', body: `document.documentElement.dataset.ready = '1';` },
    '/favicon.ico': { type: 'image/x-icon', body: randomBytes(1_150) },
    '/hero.jpg': { type: 'image/jpeg', body: randomBytes(40_000) },
    '/a.jpg': { type: 'image/jpeg', body: randomBytes(25_000) },
    '/b.jpg': { type: 'image/jpeg', body: randomBytes(25_000) },
    '/c.png': { type: 'image/png', body: randomBytes(5_000) },
  };
  return { routes, resources: Object.keys(routes).length, levels: 3 };
}
