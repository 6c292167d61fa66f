import { pngFor, type FixtureRoute } from './fixture-site.js';

/**
 * `pages` pages in a tree (page i links to 3i+1..3i+3), each with the shared stylesheet and logo,
 * its own image and its own stylesheet whose background only that stylesheet names; the first
 * pages also carry files big enough to be spooled (a script, compressed in the ZIP, and a
 * video, stored).
 */
export function treeSite(pages: number): Record<string, FixtureRoute> {
  const routes: Record<string, FixtureRoute> = {
    '/s/site.css': { type: 'text/css', body: 'body { background: url(bg.png) }' },
    '/s/bg.png': { type: 'image/png', body: pngFor('/s/bg.png') },
    '/s/logo.png': { type: 'image/png', body: pngFor('/s/logo.png') },
  };
  for (let i = 0; i < pages; i++) {
    const links = [1, 2, 3].map((n) => 3 * i + n).filter((n) => n < pages);
    const big = i < 4 ? `<script src="/big/${i}.js"></script><video src="/big/${i}.mp4"></video>` : '';
    routes[i === 0 ? '/' : `/p/${i}.html`] = {
      body: `<title>Page ${i}</title><link rel="stylesheet" href="/s/site.css"><link rel="stylesheet" href="/css/${i}.css">
<img src="/s/logo.png"><img src="/img/${i}.png">${big}${links.map((n) => `<a href="/p/${n}.html">${n}</a>`).join(' ')}`,
    };
    routes[`/css/${i}.css`] = { type: 'text/css', body: `h1 { background: url(/img/bg${i}.png) }` };
    routes[`/img/${i}.png`] = { type: 'image/png', body: pngFor(`/img/${i}.png`) };
    routes[`/img/bg${i}.png`] = { type: 'image/png', body: pngFor(`/img/bg${i}.png`) };
    if (i < 4) {
      routes[`/big/${i}.js`] = { type: 'text/javascript', body: `/* ${i} */ ${'var x = 1;\n'.repeat(230_000)}` };
      routes[`/big/${i}.mp4`] = { type: 'video/mp4', body: Buffer.alloc(2_300_000, i + 1) };
    }
  }
  return routes;
}

export function isTreePage(path: string): boolean {
  return path === '/' || path.startsWith('/p/');
}

/**
 * The routes with every page answered 15 ms after `gate` resolves: a test holds pages back
 * with it, to stop a crawl in the middle (resume tests).
 */
export function gatedPages(routes: Record<string, FixtureRoute>, gate: () => Promise<void>): Record<string, FixtureRoute> {
  const gated = { ...routes };
  for (const [path, route] of Object.entries(routes)) {
    if (!isTreePage(path)) continue;
    gated[path] = {
      handle: (_request, response) => {
        void gate().then(() => setTimeout(() => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(route.body), 15));
      },
    };
  }
  return gated;
}
