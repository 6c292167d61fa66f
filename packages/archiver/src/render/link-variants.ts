// A client router prefetches, for the links the reader can see, what it needs to show their
// pages: Next.js's App Router a HEAD of the page, its route tree and its segments
// (`/docs/a/__next._tree.txt?_rsc=…`, or `/docs/a.txt?_rsc=…` before 15), Nuxt
// `/docs/a/_payload.json`; Next.js's Pages Router the page's data under a prefix of its build
// (`/_next/data/<build>/docs/a.json?slug=a`, a dynamic route's parameters in the query), Gatsby
// `/page-data/docs/a/page-data.json`. Which links it got to before the page went quiet depends on timing
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
  // Each fetch() or XHR GET/HEAD under a link's path (the longest that fits), by what precedes and follows it.
  const patterns = new Map<string, { like: T; prefix: string; suffix: string; search: string; links: Set<string>; depths: Set<number> }>();
  const done = new Set<string>();
  for (const request of seen) {
    if (!ASKED_LIKE.has(request.resourceType) || (request.method !== 'GET' && request.method !== 'HEAD')) continue;
    done.add(`${request.method} ${request.url}`);
    const url = new URL(request.url);
    const found = longestLinkIn(url.pathname, paths, url.origin);
    if (found === undefined) continue;
    const { path, prefix } = found;
    // The root link's page is '/', which other links' pages are without their slash.
    const suffix = path === '' && url.pathname === '/' ? '' : url.pathname.slice(prefix.length + path.length);
    const search = searchTemplate(url.search, lastSegment(path));
    const key = `${request.method} ${prefix} ${suffix} ${search}`;
    const pattern = patterns.get(key) ?? { like: request, prefix, suffix, search, links: new Set<string>(), depths: new Set<number>() };
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
      const search = pattern.search.replaceAll(PLACE, encodeURIComponent(lastSegment(path)));
      const url = `${origin}${pattern.prefix}${path}${pattern.suffix === '' && path === '' ? '/' : pattern.suffix}${search}`;
      if (!done.has(`${pattern.like.method} ${url}`)) out.push({ url, like: pattern.like });
      done.add(`${pattern.like.method} ${url}`);
    }
  }
  return out;
}

/** Stands for a link's last segment in a query (a dynamic route's parameter). */
const PLACE = '\u0000';
const lastSegment = (path: string) => safeDecode(path.slice(path.lastIndexOf('/') + 1));

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The query with every value that is the link's last segment (`?slug=a` for `/docs/a`) marked. */
function searchTemplate(search: string, segment: string): string {
  if (search === '' || segment === '') return search;
  const params = [...new URLSearchParams(search)];
  if (!params.some(([, value]) => value === segment)) return search;
  return `?${params.map(([name, value]) => `${encodeURIComponent(name)}=${value === segment ? PLACE : encodeURIComponent(value)}`).join('&')}`;
}

/**
 * The longest link path that `pathname` is or continues (by `/` or `.`), on the same origin:
 * from its start, or after a prefix of whole segments (`/_next/data/<build>`; not the root link).
 */
function longestLinkIn(pathname: string, paths: ReadonlyMap<string, string>, origin: string): { path: string; prefix: string } | undefined {
  let best: { path: string; prefix: string } | undefined;
  for (const [path, linkOrigin] of paths) {
    if (linkOrigin !== origin || (best !== undefined && path.length <= best.path.length)) continue;
    const at = path === '' ? 0 : pathname.lastIndexOf(path);
    if (at < 0 || (at > 0 && pathname[at - 1] === '/')) continue;
    const rest = pathname.slice(at + path.length);
    if (rest === '' || rest.startsWith('/') || rest.startsWith('.')) best = { path, prefix: pathname.slice(0, at) };
  }
  return best;
}
