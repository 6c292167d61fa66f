import type { CaptureContext } from './context.js';

// A page of a mirror asks at run time for what another page's render recorded as its own: Gatsby
// prefetches, and loads on a link's hover, the page data of the pages its links lead to
// (`/page-data/docs/page-data.json`) three seconds after its load, long after its render went
// quiet; Next.js's and Nuxt's routers do the same for their data and payloads. Each live page's
// replay file holds only what its own render recorded, so offline those requests failed (the
// walk through the Gatsby fixture's mirror: nine failed requests). A site capture writes, at its
// end, one index of the GET responses its live pages' replay files hold (request key → replay
// file, from the copy's root); the replay layer loads it, and then the one replay file it names,
// by script tags (a classic script loads from file://, a fetch() does not) when a request is not
// in the page's own recording (replay-site-responses.ts).

/** The index's file, at the copy's root. */
export const SITE_RESPONSES_PATH = 'sitezip-site-responses.js';

/** Keys indexed at most: about 100 bytes each in a file every such miss loads once. */
const MAX_KEYS = 20_000;

/** The replay file's recorded GETs (and HEADs) that other pages may ask for: notes them, and says which to journal. */
export function noteSiteResponses(ctx: CaptureContext, replayPath: string, keys: readonly string[]): string[] {
  const index = ctx.siteResponses;
  if (!index) return [];
  const noted: string[] = [];
  for (const key of keys) {
    if (index.size >= MAX_KEYS) break;
    if (!/^(GET|HEAD) /.test(key) || key.includes(' sha256=') || index.has(key)) continue;
    index.set(key, replayPath);
    noted.push(key);
  }
  return noted;
}

/** The index's text: a classic script that hands the layer its table. */
export function siteResponsesScript(index: ReadonlyMap<string, string>): string {
  const json = JSON.stringify(Object.fromEntries(index)).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `window.__SITEZIP_SITE_RESPONSES__=${json};\n`;
}
