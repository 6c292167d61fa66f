import type { LoadedPage } from '../load/page-loader.js';
import { findViteDeps, viteDepUrl } from '../parse/index.js';
import { relativeLink } from '../resolve/relative-path.js';
import type { CaptureContext } from './context.js';
import type { ReplayData } from './replay-shim.js';

// A Vite build's lazy chunks (a route, a dialog opened by a click) come with stylesheets of
// their own, which Vite's preload helper adds when the chunk is imported: a render records those
// of the chunks the page imported, no more. The chunks themselves are in the copy's import map
// (every literal import() is), so a live copy also keeps the stylesheets its scripts list, for a
// route or component first shown offline (a hash router's next page): without them the helper
// refuses the import and nothing is shown.

/** Stylesheets taken so per page at most (a list has one or two per chunk; an app may have hundreds). */
const MAX_LAZY_STYLES = 200;

/** Saves the stylesheets the page's recorded scripts list for their lazy chunks, and adds them to the replay's files. */
export async function keepLazyStyles(ctx: CaptureContext, page: LoadedPage, path: string, files: ReplayData['files']): Promise<void> {
  const wanted = new Set<string>();
  for (const { type, method, url, response } of page.browserResponses ?? []) {
    if (type !== 'script' || method !== 'GET' || !response.body.includes('__vite__mapDeps')) continue;
    for (const dep of findViteDeps(response.body.toString('utf8'))) {
      const depUrl = dep.endsWith('.css') ? viteDepUrl(dep, url) : undefined;
      if (depUrl && files[depUrl] === undefined) wanted.add(depUrl);
    }
  }
  await Promise.all(
    [...wanted].slice(0, MAX_LAZY_STYLES).map(async (url) => {
      const outcome = await ctx.resolve({ url, kind: 'stylesheet', referrer: page.response.url, depth: 0 });
      if (outcome.ok) files[url] = outcome.dataUrl ?? relativeLink(path, outcome.path);
    }),
  );
}
