import type { FetchedResource } from '../fetch/fetcher.js';
import { track, type CaptureContext } from './context.js';
import type { ResourceRequest } from './outcome.js';

/** A site's own script read for file names, at most this long: an app's script is short, a bundle is not read. */
const READ_AT_MOST = 512 * 1024;
/** Names asked for per script and kind, at most: each one the site does not have costs it a request. */
const MAX_NAMES = 12;
/** A string literal that is a relative address and nothing else, of a file whose name ends in `extensions`. */
const literalAddress = (extensions: string) => new RegExp(String.raw`(['"\`])((?:\.\.?\/)*[\w-][\w.-]*(?:\/[\w.-]+)*\.(?:${extensions}))\1`, 'gi');

/**
 * Script files: `'member-search-index.js'`, `"search/all_0.js"`, `"highlight.pack.js"`. Not one
 * made of parts (`".chunk.js"`, `"static/js/"`), nor an address with a scheme, a host or a query.
 */
const SCRIPT_NAME = literalAddress('js');
/** Stylesheets: Erlang/OTP's `highlight.js` adds `base + "../highlight.css"`. */
const STYLESHEET_NAME = literalAddress('css');
/** Images: `"flip_open.gif"` (Erlang/OTP's docs' menu, whose script writes a stylesheet that shows it). */
const IMAGE_NAME = literalAddress('gif|png|jpe?g|svg|webp|ico');

/**
 * The script files a script names by a literal name, in order, once each. A script that loads
 * others by an address it builds (`script.src = pathtoroot + 'member-search-index.js'`: every
 * Javadoc page's search indexes) names them only so; a static copy without those files has a
 * search that finds nothing offline.
 */
export function scriptFileNames(code: string): string[] {
  return literalNames(code, SCRIPT_NAME);
}

/**
 * The stylesheets and images a script names by a literal name, in order, once each: it adds or
 * shows them by an address it builds (Erlang/OTP's `flipmenu.js` writes a stylesheet with
 * `url(<its own folder> + "flip_open.gif")`, its `highlight.js` adds `base + "../highlight.css"`),
 * which no markup names; a static copy without them failed 2 to 8 requests on every page offline.
 */
export function scriptAssetNames(code: string): { stylesheets: string[]; images: string[] } {
  return { stylesheets: literalNames(code, STYLESHEET_NAME), images: literalNames(code, IMAGE_NAME) };
}

function literalNames(code: string, pattern: RegExp): string[] {
  const names = new Set<string>();
  pattern.lastIndex = 0;
  for (let match; names.size < MAX_NAMES && (match = pattern.exec(code)); ) names.add(match[2]!);
  return [...names];
}

/**
 * Asks, as guesses (ResourceRequest.guess), for the script files, stylesheets and images a classic
 * script of the page's own site names (scriptFileNames, scriptAssetNames), each resolved against the
 * script's address and, when that differs, the page's: classic scripts load from a folder, so a
 * static copy that has them runs as the site does. A name the site has no file for costs a
 * request and leaves no trace.
 */
export function askForNamedScripts(ctx: CaptureContext, request: ResourceRequest, resource: FetchedResource): void {
  if (resource.file || resource.body.length > READ_AT_MOST || !sameOrigin(resource.url, request.referrer)) return;
  const code = resource.body.toString('latin1');
  const { stylesheets, images } = scriptAssetNames(code);
  const named = [
    ...scriptFileNames(code).map((name) => ({ name, kind: 'script' as const })),
    ...stylesheets.map((name) => ({ name, kind: 'stylesheet' as const })),
    ...images.map((name) => ({ name, kind: 'image' as const })),
  ];
  for (const { name, kind } of named) {
    const urls = new Set([new URL(name, resource.url).href, new URL(name, request.referrer).href]);
    for (const url of urls) {
      if (!sameOrigin(url, resource.url) || ctx.queue.has(url)) continue;
      track(ctx, ctx.resolve({ url, kind, referrer: resource.url, depth: request.depth, guess: true }).then(() => undefined));
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
