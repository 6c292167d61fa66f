import { randomBytes } from 'node:crypto';
import type { FixtureRoute } from '../packages/archiver/test/support/fixture-site.js';

/**
 * A generated site: `pages` pages in a tree (each links to its children, its parent, home and
 * a few pages elsewhere) sharing `assets` images of `assetBytes` each, 5 per page, plus one stylesheet.
 */
export function generatedSite(pages: number, assets: number, assetBytes = 1_500): Record<string, FixtureRoute> {
  const routes: Record<string, FixtureRoute> = {
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow:\n' },
    '/style.css': { type: 'text/css', body: 'body { font-family: sans-serif; background: url(/img/bg.png) }' },
    '/img/bg.png': { type: 'image/png', body: randomBytes(2_000) },
  };
  const pageUrl = (i: number) => (i === 0 ? '/' : `/p/${i}/`);
  for (let i = 0; i < assets; i++) routes[`/img/a${i}.png`] = { type: 'image/png', body: randomBytes(assetBytes) };
  for (let i = 0; i < pages; i++) {
    const links = [1, 2, 3].map((k) => i * 3 + k).filter((c) => c < pages);
    links.push(Math.floor((i - 1) / 3), 0, (i * 7 + 11) % pages);
    const images = Array.from({ length: 5 }, (_, k) => `<img src="/img/a${(i * 5 + k) % assets}.png" alt="">`);
    routes[pageUrl(i)] = {
      body: `<!doctype html><html><head><meta charset="utf-8"><title>Page ${i}</title><link rel="stylesheet" href="/style.css"></head>
<body><h1>Page ${i}</h1>${images.join('')}<ul>${links
        .filter((l) => l >= 0)
        .map((l) => `<li><a href="${pageUrl(l)}">Page ${l}</a></li>`)
        .join('')}</ul><p>${'Lorem ipsum dolor sit amet. '.repeat(40)}</p></body></html>`,
    };
  }
  return routes;
}
