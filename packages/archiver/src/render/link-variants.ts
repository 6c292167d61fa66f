// A client router prefetches, for the links the reader can see, what it needs to show their
// pages: Next.js's App Router a HEAD of the page, its route tree and its segments
// (`/docs/a/__next._tree.txt?_rsc=…`, or `/docs/a.txt?_rsc=…` before 15), Nuxt
// `/docs/a/_payload.json`. Which links it got to before the page went quiet depends on timing
// (Next.js stops asking for route trees once one told it the route's pattern), and a copy that
// asks in another order asks for some the render never saw: failed requests offline. So a
// request the page made for two links or more is also made for the page's other links of the
// same depth, as the page would have.

/** A request the render recorded, as far as its variants go. */
export interface SeenRequest {
  method: string;
  url: string;
  resourceType: string;
}

const ASKED_LIKE = new Set(['fetch', 'xhr']);

/** In the page: its links' addresses (same origin), at most `max`. */
export const PAGE_LINKS = `(max) => [...new Set(Array.from(document.querySelectorAll('a[href]'), (a) => a.href))]
  .filter((href) => { try { return new URL(href).origin === location.origin; } catch (error) { return false; } }).slice(0, max)`;

/** Segments of a path without its trailing slash: '/' is '', '/docs/a/' is '/docs/a'. */
const trimmed = (path: string) => path.replace(/\/+$/, '');
const depthOf = (path: string) => (path === '' ? 0 : path.split('/').length - 1);

/**
 * The requests to make for the page's `links` (absolute, same origin as the page), each with the
 * recorded request it is made like; at most `max`.
 */
export function linkVariants<T extends SeenRequest>(links: readonly string[], seen: readonly T[], max: number): { url: string; like: T }[] {
  const paths = new Map<string, string>();
  for (const link of links) {
    const url = new URL(link);
    if (url.search === '') paths.set(trimmed(url.pathname), url.origin);
  }
  // Each fetch() or XHR GET/HEAD under a link's path (the longest that fits), by what follows it.
  const patterns = new Map<string, { like: T; suffix: string; search: string; links: Set<string>; depths: Set<number> }>();
  const done = new Set<string>();
  for (const request of seen) {
    if (!ASKED_LIKE.has(request.resourceType) || (request.method !== 'GET' && request.method !== 'HEAD')) continue;
    done.add(`${request.method} ${request.url}`);
    const url = new URL(request.url);
    const path = longestLinkUnder(url.pathname, paths, url.origin);
    if (path === undefined) continue;
    // The root link's page is '/', which other links' pages are without their slash.
    const suffix = path === '' && url.pathname === '/' ? '' : url.pathname.slice(path.length);
    const key = `${request.method} ${suffix} ${url.search}`;
    const pattern = patterns.get(key) ?? { like: request, suffix, search: url.search, links: new Set<string>(), depths: new Set<number>() };
    pattern.links.add(path);
    pattern.depths.add(depthOf(path));
    patterns.set(key, pattern);
  }
  const out: { url: string; like: T }[] = [];
  for (const pattern of patterns.values()) {
    if (pattern.links.size < 2) continue;
    for (const [path, origin] of paths) {
      if (out.length >= max) return out;
      if (pattern.links.has(path) || !pattern.depths.has(depthOf(path))) continue;
      const url = `${origin}${path}${pattern.suffix === '' && path === '' ? '/' : pattern.suffix}${pattern.search}`;
      if (!done.has(`${pattern.like.method} ${url}`)) out.push({ url, like: pattern.like });
      done.add(`${pattern.like.method} ${url}`);
    }
  }
  return out;
}

/** The longest link path that `pathname` is or continues (by `/` or `.`), on the same origin. */
function longestLinkUnder(pathname: string, paths: ReadonlyMap<string, string>, origin: string): string | undefined {
  let best: string | undefined;
  for (const [path, linkOrigin] of paths) {
    if (linkOrigin !== origin || (best !== undefined && path.length <= best.length)) continue;
    const rest = pathname.slice(path.length);
    if (pathname.startsWith(path) && (rest === '' || rest === '/' || rest.startsWith('/') || rest.startsWith('.'))) best = path;
  }
  return best;
}
