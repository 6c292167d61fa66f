import type { ServerResponse } from 'node:http';
import type { FixtureRoute } from './fixture-site.js';
import { pngFor } from './fixture-site.js';

/**
 * Hostile pages for the huge-and-slow-input tests and `BENCH_ONLY=hostile`: each is a set of
 * fixture routes whose start page is `/`. Sizes are parameters, so tests run small copies of
 * what the bench measures at full size.
 */
export type HostileRoutes = Record<string, FixtureRoute>;

const MB = 1024 * 1024;
const head = '<!doctype html><html><head><meta charset="utf-8"><title>Hostile</title></head><body>';
const tail = '</body></html>';

/** Routes `/img/0.png` to `/img/<count - 1>.png`, each a small PNG. */
function images(count: number): HostileRoutes {
  const routes: HostileRoutes = {};
  for (let i = 0; i < count; i++) routes[`/img/${i}.png`] = { type: 'image/png', body: pngFor(`/img/${i}.png`) };
  return routes;
}

/** One line of `bytes` of plain text inside a single paragraph. */
export function hugeTextPage(bytes = 50 * MB): HostileRoutes {
  return { '/': { body: Buffer.from(`${head}<p>${'a'.repeat(bytes)}</p>${tail}`) } };
}

/** One attribute value of `bytes` on one element. */
export function hugeAttributePage(bytes = 50 * MB): HostileRoutes {
  return { '/': { body: Buffer.from(`${head}<div title="${'a'.repeat(bytes)}">x</div>${tail}`) } };
}

/** `bytes` of small elements on one line (about 3.5 million of them at 50 MB). */
export function manyElementsPage(bytes = 50 * MB): HostileRoutes {
  const unit = '<span class="c">word</span>';
  return { '/': { body: Buffer.from(`${head}${unit.repeat(Math.ceil(bytes / unit.length))}${tail}`) } };
}

/** `count` elements, each inside the one before (never closed). */
export function nestedPage(count = 10_000_000): HostileRoutes {
  return { '/': { body: Buffer.from(`${head}${'<div>'.repeat(count)}deep${tail}`) } };
}

/**
 * A stylesheet of `bytes` made of rules with one `url()` each, over `distinct` images (the rest
 * repeat them), linked from a small page.
 */
export function hugeStylesheetPage(bytes = 20 * MB, distinct = 1_000): HostileRoutes {
  const rules: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const rule = `.r${i}{background:url(img/${i % distinct}.png) no-repeat}\n`;
    rules.push(rule);
    size += rule.length;
  }
  return {
    '/': { body: `${head}<link rel="stylesheet" href="/huge.css"><p>styled</p>${tail}` },
    '/huge.css': { type: 'text/css', body: Buffer.from(rules.join('')) },
    ...images(Math.min(distinct, rules.length)),
  };
}

/** `count` links to distinct pages. */
export function manyLinksPage(count = 100_000): HostileRoutes {
  const links = Array.from({ length: count }, (_, i) => `<a href="/p/${i}">page ${i}</a>`).join(' ');
  return { '/': { body: Buffer.from(`${head}${links}${tail}`) } };
}

/** `count` images, each a distinct URL answered with a small PNG. */
export function manyImagesPage(count = 10_000): HostileRoutes {
  const tags = Array.from({ length: count }, (_, i) => `<img src="/img/${i}.png" alt="">`).join('');
  return { '/': { body: Buffer.from(`${head}${tags}${tail}`) }, ...images(count) };
}

/**
 * A response that sends its head, then one byte every `intervalMs`, forever. Returns the route
 * and a promise that settles when the client gave up (the connection closed).
 */
export function trickle(type: string, intervalMs = 1_000): FixtureRoute & { abandoned: Promise<void> } {
  let abandon!: () => void;
  const abandoned = new Promise<void>((resolve) => (abandon = resolve));
  return {
    abandoned,
    handle: (_request, response: ServerResponse) => {
      response.writeHead(200, { 'content-type': type });
      response.write(type.startsWith('text/html') ? '<!doctype html><p>' : ' ');
      const timer = setInterval(() => response.write('a'), intervalMs);
      response.on('close', () => {
        clearInterval(timer);
        abandon();
      });
    },
  };
}

/** A page whose stylesheet, image and document-in-an-iframe all trickle. */
export function tricklingResourcesPage(intervalMs = 1_000): HostileRoutes {
  return {
    '/': {
      body: `${head}<link rel="stylesheet" href="/slow.css"><img src="/slow.png"><iframe src="/slow.html"></iframe><p>page</p>${tail}`,
    },
    '/slow.css': trickle('text/css', intervalMs),
    '/slow.png': trickle('image/png', intervalMs),
    '/slow.html': trickle('text/html', intervalMs),
  };
}

/** A page whose stylesheet and image requests are accepted and never answered. */
export function silentResourcesPage(): HostileRoutes {
  return {
    '/': { body: `${head}<link rel="stylesheet" href="/silent.css"><img src="/silent.png"><p>page</p>${tail}` },
    '/silent.css': { handle: () => undefined },
    '/silent.png': { handle: () => undefined },
  };
}

/** `count` images on one origin, every one trickling. */
export function manyTricklingImagesPage(count = 100, intervalMs = 1_000): HostileRoutes {
  const routes: HostileRoutes = { '/': { body: `${head}${Array.from({ length: count }, (_, i) => `<img src="/t/${i}.png">`).join('')}<p>page</p>${tail}` } };
  for (let i = 0; i < count; i++) routes[`/t/${i}.png`] = trickle('image/png', intervalMs);
  return routes;
}

/** The page itself trickles. */
export function tricklingDocument(intervalMs = 1_000): HostileRoutes {
  return { '/': trickle('text/html', intervalMs) };
}
