import { findCssRefs } from '../parse/index.js';
import { textMatch } from './text-match.js';
import { normalizeUrl } from '../resolve/normalize-url.js';
import { visibleText } from './needs-render.js';
import type { BrowserResponse, LoadedPage } from './page-loader.js';
import { resolvedRefs } from './page-refs.js';

/** What the page's scripts ask for themselves: a static copy never has it. */
const ASKED_BY_SCRIPT: ReadonlySet<BrowserResponse['type']> = new Set(['fetch', 'xhr', 'eventsource', 'websocket']);
/**
 * Files the browser runs, shows as documents or loads for a link (`other`: a prefetch, a
 * manifest): one the served HTML does not name was added by a script.
 */
const CODE: ReadonlySet<BrowserResponse['type']> = new Set(['script', 'document', 'other']);
/** At least this much of the served page's text is the rendered page's: what the scripts wrote is not content. */
const SAME_TEXT = 0.98;
/** Stylesheets read for what they name, at most this long (a static capture parses them anyway). */
const MAX_STYLESHEET = 2 * 1024 * 1024;

/**
 * Whether rendering the page gave it nothing its static copy lacks: the browser asked for no
 * data, code or frame the served HTML does not name, no element its scripts added loads a
 * file, and the text is the served text. A site's script read as one that fills its page (a
 * search box's, which asks for its index when someone types) is then spared on the next pages
 * of that shape (script-readings.ts): a Hugo site's every page was rendered for one, 125.6 s for
 * 261 pages instead of 1.8 s, and the copies were the same.
 */
export function renderAddedNothing(rendered: LoadedPage): boolean {
  return whatRenderAdded(rendered) === undefined;
}

/**
 * What rendering a page gave it (see renderAddedNothing). `textOnly`: text alone, from files the
 * served page names, which its static copy has too: whether that copy shows the text as well
 * is then the copy's check to say (rustdoc builds each sidebar from a script the page names).
 */
export interface RenderAddition {
  what: string;
  textOnly: boolean;
  /**
   * The keys (`GET <url>`) of what its scripts asked for (fetch, XHR), when that and the text they
   * wrote is all the render gave: the page as served, its scripts answered from a recording, is
   * then a live copy of it (gi-docgen's pages each fetch their search index).
   */
  asked?: readonly string[];
}

/** What rendering the page gave it that its static copy lacks (see renderAddedNothing), or undefined. */
export function whatRenderAdded(rendered: LoadedPage): RenderAddition | undefined {
  const found = (what: string): RenderAddition => ({ what, textOnly: false });
  const served = rendered.served;
  if (!served?.document || !rendered.document) return found('no page as served to compare with');
  if ((rendered.workerScripts?.length ?? 0) > 0) return found('a worker');
  const named = refUrls(served);
  const shown = refUrls(rendered);
  if (!named || !shown) return found('markup beyond parsing');
  named.add(served.response.url).add(served.response.requestedUrl);
  // What the stylesheets name (fonts, backgrounds) a static copy has too: rustdoc's scripts
  // write a preload of each font its stylesheet loads, and every page of its mirrors was rendered.
  for (const { type, url, response } of rendered.browserResponses ?? []) {
    if (type !== 'stylesheet' || response.file || response.body.length > MAX_STYLESHEET) continue;
    for (const ref of findCssRefs(response.body.toString('utf8'))) {
      const found = normalizeUrl(ref.url, url);
      if (found) named.add(found);
    }
  }
  const module = (rendered.moduleScripts ?? []).find((url) => !named.has(address(url)));
  if (module) return found(`a module (${module})`);
  const asked: string[] = [];
  for (const { key, method, type, url } of rendered.browserResponses ?? []) {
    if (method === 'GET' && (type === 'fetch' || type === 'xhr')) {
      asked.push(key);
      continue;
    }
    if (method !== 'GET' || ASKED_BY_SCRIPT.has(type)) return found(`its scripts' ${method} ${type} (${url})`);
    const at = address(url);
    if (!named.has(at) && (CODE.has(type) || shown.has(at))) return found(`a ${type} no markup served names (${url})`);
  }
  // What they write from the answers (and any other text) a live copy answered so writes too.
  if (asked.length > 0) return { what: `its scripts' ${asked[0]}${asked.length > 1 ? ` and ${asked.length - 1} more` : ''}`, textOnly: false, asked };
  const text = textMatch(readable(served.document.html), readable(rendered.document.html));
  return text >= SAME_TEXT ? undefined : { what: `text (${text} of the served page's)`, textOnly: true };
}

// A character reference is written out in served HTML (`&quot;`, `&#39;`) and as the character in
// the DOM's: left as words, it made a page of code 0.93 of its own text.
const CHARACTER_REFERENCE = /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/gi;

/** A browser's URL as the capture keys it. */
const address = (url: string) => normalizeUrl(url, url) ?? url;

function readable(html: string): string {
  return visibleText(html).replace(CHARACTER_REFERENCE, ' ');
}

/** The addresses the page's markup names, or undefined when it is beyond parsing. */
function refUrls(page: LoadedPage): Set<string> | undefined {
  const refs = resolvedRefs(page);
  return refs && new Set(refs.map(({ url }) => url));
}
