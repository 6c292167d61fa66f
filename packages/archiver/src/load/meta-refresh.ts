// A page that only sends the browser on: an immediate `<meta http-equiv="refresh">` ("Redirecting
// to docs/…", as a site's root, a versioned docs site's top or a moved page often is). A browser
// shows the page it goes to; a copy of the note alone would show the reader nothing.

/** Refreshes after this long or longer are a page that reloads itself or a notice, not a redirect. */
const MAX_DELAY_S = 1;
/** The head is where the element belongs: a page is not read past this for it. */
const READ_AT_MOST = 64 * 1024;

const META = /<meta\b[^<>]*>/gi;
const REFRESH = /\bhttp-equiv\s*=\s*["']?\s*refresh\b/i;
const CONTENT = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>]+))/i;
// As browsers read it: a delay, then `;` or `,`, then the address, with or without `url=` and quotes.
const VALUE = /^\s*(\d+(?:\.\d*)?)\s*(?:[;,]\s*(?:url\s*=\s*)?(['"]?)([^'"]*)\2\s*)?$/i;

/** Where an immediate refresh of the page at `base` sends the browser (http or https, not the page itself), or undefined. */
export function refreshTarget(html: string, base: string): string | undefined {
  const head = html.length > READ_AT_MOST ? html.slice(0, READ_AT_MOST) : html;
  META.lastIndex = 0;
  for (let match; (match = META.exec(head)); ) {
    if (!REFRESH.test(match[0])) continue;
    const content = CONTENT.exec(match[0]);
    const value = VALUE.exec((content?.[1] ?? content?.[2] ?? content?.[3] ?? '').replace(/&amp;/g, '&'));
    if (!value || Number(value[1]) > MAX_DELAY_S || !value[3]?.trim()) return undefined;
    let target: URL;
    try {
      target = new URL(value[3].trim(), base);
    } catch {
      return undefined;
    }
    const here = new URL(base);
    target.hash = here.hash = '';
    if (!/^https?:$/.test(target.protocol) || target.href === here.href) return undefined;
    return target.href;
  }
  return undefined;
}
