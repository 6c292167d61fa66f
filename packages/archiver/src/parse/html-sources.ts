/** What a referenced resource is expected to be, judged from where the reference sits. */
export type RefKind =
  | 'page'
  | 'stylesheet'
  | 'script'
  | 'module'
  | 'image'
  | 'media'
  | 'font'
  | 'frame'
  | 'track'
  | 'sprite'
  /** An image a stylesheet names that the copy writes as a data: URL (CssRef.inline). */
  | 'mask'
  | 'icon'
  | 'manifest'
  | 'other';

/**
 * A condition on another attribute of the element: a token in a list, an exact value, or any
 * value but one, absent included (all ASCII case-insensitive).
 */
export type AttrTest = { attr: string; hasToken: string } | { attr: string; is: string } | { attr: string; isNot: string };

/** One place in HTML where a reference lives. */
export interface HtmlSource {
  /** Element local name (case-insensitive), or `*` for any element. */
  tag: string;
  /** Attribute name as written in source, e.g. `src`, `xlink:href`. */
  attr: string;
  /** Kind of the target; for `css` values the CSS reference decides (import → stylesheet, url → image). */
  kind: RefKind;
  /** How the attribute value holds references: one URL (default), a srcset, CSS, or a whole HTML document. */
  format?: 'url' | 'srcset' | 'css' | 'html';
  /** Every test must hold. */
  when?: readonly AttrTest[];
  /** `false` for links a site crawler may walk but a single-page capture does not fetch. */
  follow?: false;
  /** A lazy-loading attribute standing in for the real one (`background` means CSS background-image). */
  lazyFor?: 'src' | 'srcset' | 'background';
}

const rel = (token: string): AttrTest => ({ attr: 'rel', hasToken: token });
const preloadAs = (as: string): AttrTest[] => [rel('preload'), { attr: 'as', is: as }];
const svgHref = (tag: string, kind: RefKind, extra: Partial<HtmlSource> = {}): HtmlSource[] => [
  { tag, attr: 'href', kind, ...extra },
  { tag, attr: 'xlink:href', kind, ...extra },
];

/**
 * Where HTML holds references. For each element and attribute the first matching row wins,
 * so specific rows come before fallbacks (see `link rel=preload`).
 */
export const HTML_SOURCES: readonly HtmlSource[] = [
  { tag: 'link', attr: 'href', kind: 'stylesheet', when: [rel('stylesheet')] },
  { tag: 'link', attr: 'href', kind: 'icon', when: [rel('icon')] }, // also "shortcut icon"
  { tag: 'link', attr: 'href', kind: 'icon', when: [rel('apple-touch-icon')] },
  { tag: 'link', attr: 'href', kind: 'icon', when: [rel('apple-touch-icon-precomposed')] },
  { tag: 'link', attr: 'href', kind: 'icon', when: [rel('mask-icon')] },
  { tag: 'link', attr: 'href', kind: 'manifest', when: [rel('manifest')] },
  { tag: 'link', attr: 'href', kind: 'module', when: [rel('modulepreload')] },
  { tag: 'link', attr: 'href', kind: 'stylesheet', when: preloadAs('style') },
  { tag: 'link', attr: 'href', kind: 'script', when: preloadAs('script') },
  { tag: 'link', attr: 'href', kind: 'font', when: preloadAs('font') },
  { tag: 'link', attr: 'href', kind: 'image', when: preloadAs('image') },
  { tag: 'link', attr: 'imagesrcset', kind: 'image', format: 'srcset', when: preloadAs('image') },
  { tag: 'link', attr: 'href', kind: 'other', when: [rel('preload')] },
  // The browser fetches a prefetch by itself: left as written, `/next.js` would ask for file:///next.js.
  { tag: 'link', attr: 'href', kind: 'other', when: [rel('prefetch')] },

  { tag: 'script', attr: 'src', kind: 'module', when: [{ attr: 'type', is: 'module' }] },
  { tag: 'script', attr: 'src', kind: 'script' },
  ...svgHref('script', 'script'),
  { tag: 'img', attr: 'src', kind: 'image' },
  { tag: 'img', attr: 'srcset', kind: 'image', format: 'srcset' },
  { tag: 'source', attr: 'srcset', kind: 'image', format: 'srcset' }, // <picture>
  { tag: 'source', attr: 'src', kind: 'media' }, // <video>, <audio>
  { tag: 'video', attr: 'src', kind: 'media' },
  { tag: 'video', attr: 'poster', kind: 'image' },
  { tag: 'audio', attr: 'src', kind: 'media' },
  { tag: 'track', attr: 'src', kind: 'track' },
  { tag: 'input', attr: 'src', kind: 'image', when: [{ attr: 'type', is: 'image' }] },
  { tag: 'object', attr: 'data', kind: 'other' },
  { tag: 'embed', attr: 'src', kind: 'other' },
  { tag: 'iframe', attr: 'src', kind: 'frame' },
  { tag: 'iframe', attr: 'srcdoc', kind: 'frame', format: 'html' },
  { tag: 'frame', attr: 'src', kind: 'frame' },
  { tag: 'body', attr: 'background', kind: 'image' },
  { tag: 'table', attr: 'background', kind: 'image' },
  { tag: 'td', attr: 'background', kind: 'image' },
  { tag: 'th', attr: 'background', kind: 'image' },
  ...svgHref('image', 'image'),
  ...svgHref('use', 'sprite'),
  ...svgHref('feImage', 'image'),

  { tag: '*', attr: 'style', kind: 'image', format: 'css' },
  // Lazy-loading conventions (lazysizes, vanilla-lazyload, jQuery lazyload, WP Rocket); first listed wins.
  { tag: '*', attr: 'data-src', kind: 'image', lazyFor: 'src' },
  { tag: '*', attr: 'data-lazy-src', kind: 'image', lazyFor: 'src' },
  { tag: '*', attr: 'data-original', kind: 'image', lazyFor: 'src' },
  { tag: '*', attr: 'data-srcset', kind: 'image', format: 'srcset', lazyFor: 'srcset' },
  { tag: '*', attr: 'data-lazy-srcset', kind: 'image', format: 'srcset', lazyFor: 'srcset' },
  { tag: '*', attr: 'data-bg', kind: 'image', lazyFor: 'background' },
  { tag: '*', attr: 'data-background', kind: 'image', lazyFor: 'background' },
  { tag: '*', attr: 'data-background-image', kind: 'image', lazyFor: 'background' },

  { tag: 'a', attr: 'href', kind: 'page', follow: false },
  { tag: 'a', attr: 'xlink:href', kind: 'page', follow: false }, // SVG links
  { tag: 'area', attr: 'href', kind: 'page', follow: false },
  // A search form's page (a docs site's `search.html`): submitted offline, the copy's. Not one
  // that posts, which offline cannot be answered and which a crawl must not ask for.
  { tag: 'form', attr: 'action', kind: 'page', follow: false, when: [{ attr: 'method', isNot: 'post' }] },
];

/**
 * Substrings (lower case) that mark a real `src`/`srcset` URL as a lazy loader's stand-in image.
 * Empty values and `data:` URIs count as stand-ins too.
 */
export const PLACEHOLDER_MARKERS: readonly string[] = [
  'placeholder',
  'blank.gif',
  'spacer.gif',
  'pixel.gif',
  'transparent.gif',
  'lazy',
  '1x1',
];
