import type { FetchedResource } from '../fetch/fetcher.js';
import { track, type CaptureContext } from './context.js';
import type { ResourceRequest } from './outcome.js';

/** A site's own script read for file names, at most this long: an app's script is short, a bundle is not read. */
const READ_AT_MOST = 512 * 1024;
/** Names asked for per script, at most: each one the site does not have costs it a request. */
const MAX_NAMES = 12;
/**
 * A string literal that is a relative address of a script file and nothing else:
 * `'member-search-index.js'`, `"search/all_0.js"`. Not one made of parts (`".chunk.js"`,
 * `"static/js/"`), nor an address with a scheme, a host or a query.
 */
const SCRIPT_NAME = /(['"`])((?:\.\.?\/)*[\w-]+(?:[\w.-]*\/[\w.-]+)*\.js)\1/g;

/**
 * The script files a script names by a literal name, in order, once each. A script that loads
 * others by an address it builds (`script.src = pathtoroot + 'member-search-index.js'`: every
 * Javadoc page's search indexes) names them only so; a static copy without those files has a
 * search that finds nothing offline.
 */
export function scriptFileNames(code: string): string[] {
  const names = new Set<string>();
  SCRIPT_NAME.lastIndex = 0;
  for (let match; names.size < MAX_NAMES && (match = SCRIPT_NAME.exec(code)); ) names.add(match[2]!);
  return [...names];
}

/**
 * Asks, as guesses (ResourceRequest.guess), for the script files a classic script of the page's
 * own site names (scriptFileNames), each resolved against the script's address and, when that
 * differs, the page's: classic scripts load from a folder, so a static copy that has them runs
 * as the site does. A name the site has no file for costs a request and leaves no trace.
 */
export function askForNamedScripts(ctx: CaptureContext, request: ResourceRequest, resource: FetchedResource): void {
  if (resource.file || resource.body.length > READ_AT_MOST || !sameOrigin(resource.url, request.referrer)) return;
  for (const name of scriptFileNames(resource.body.toString('latin1'))) {
    const urls = new Set([new URL(name, resource.url).href, new URL(name, request.referrer).href]);
    for (const url of urls) {
      if (!sameOrigin(url, resource.url) || ctx.queue.has(url)) continue;
      track(ctx, ctx.resolve({ url, kind: 'script', referrer: resource.url, depth: request.depth, guess: true }).then(() => undefined));
    }
  }
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
