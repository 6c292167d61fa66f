import { createHash } from 'node:crypto';
import type { FixtureRoute } from '../../packages/archiver/test/support/fixture-site.js';
import { htmlPage } from '../support/archived-page.js';
import { solidPng, type Rgb } from '../support/test-images.js';

// Markup that works online but would break, or phone home, in a copy opened from disk.

export const COLORS = {
  sri: [20, 140, 220],
  sriBg: [220, 140, 20],
  inline: [50, 100, 150],
  attribute: [150, 100, 50],
  alive: [5, 55, 105],
} as const satisfies Record<string, Rgb>;

const rgb = (color: Rgb) => `rgb(${color.join(',')})`;
const sri = (body: string) => `sha384-${createHash('sha384').update(body).digest('base64')}`;
const page = (head: string, body: string): FixtureRoute => ({ body: htmlPage(head, body) });

// The stylesheet references an image, so its saved copy differs from the bytes the hash covers.
const SRI_CSS = `#sri { color: ${rgb(COLORS.sri)}; } #sri-bg { width: 20px; height: 20px; background: url(sri-bg.png); }`;
const SRI_JS = "window.sriScript = 'ran';";

/** `deadOrigin` is an address where nothing listens. */
export function offlineBreakersSite(deadOrigin: string): Record<string, FixtureRoute> {
  return {
    // The usual CDN markup: integrity always comes with crossorigin.
    '/integrity/': page(
      `<link rel="stylesheet" href="/o/sri.css" integrity="${sri(SRI_CSS)}" crossorigin="anonymous">
<script src="/o/sri.js" integrity="${sri(SRI_JS)}" crossorigin="anonymous"></script>`,
      '<p id="sri">sri</p><div id="sri-bg"></div>',
    ),
    '/o/sri.css': { type: 'text/css', body: SRI_CSS },
    '/o/sri.js': { type: 'text/javascript', body: SRI_JS },
    '/o/sri-bg.png': { type: 'image/png', body: solidPng(4, 4, COLORS.sriBg) },

    '/csp-meta/': page(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'none'; img-src 'none'">
<meta http-equiv="content-security-policy" content="script-src 'none'">
<style>#inline { color: ${rgb(COLORS.inline)}; }</style>`,
      `<p id="inline">inline</p><p id="attribute" style="color: ${rgb(COLORS.attribute)}">attribute</p>
<img id="pic" src="/o/csp.png" alt=""><script>window.inlineScript = 'ran';</script>`,
    ),
    '/o/csp.png': { type: 'image/png', body: solidPng(37, 2, [0, 0, 0]) },

    // Resource hints: the browser fetches a prefetch by itself, so a root-relative href left as
    // written would ask for file:///o/next.js.
    '/resource-hints/': page(
      `<link rel="prefetch" href="/o/next.js"><link rel="preconnect" href="${deadOrigin}"><link rel="dns-prefetch" href="${deadOrigin}">`,
      '<p id="text">hints</p>',
    ),
    '/o/next.js': { type: 'text/javascript', body: 'window.next = 1;' },

    '/dead-host/': page(
      `<link rel="stylesheet" href="/o/dead.css"><link rel="stylesheet" href="${deadOrigin}/gone-link.css">`,
      `<p id="alive">alive</p><div id="dead-bg" style="width:20px;height:20px"></div><img id="gone" src="${deadOrigin}/gone-img.png" alt="">`,
    ),
    '/o/dead.css': cssWithDeadRefs(deadOrigin),
  };
}

function cssWithDeadRefs(deadOrigin: string): FixtureRoute {
  return {
    type: 'text/css',
    body: `@import url("${deadOrigin}/gone-import.css");
#alive { color: ${rgb(COLORS.alive)}; }
#dead-bg { background: url(${deadOrigin}/gone-bg.png); }
`,
  };
}
