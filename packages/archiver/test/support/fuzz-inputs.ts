import fc from 'fast-check';
import { HTML_SOURCES, type HtmlSource } from '../../src/parse/html-sources.js';

/**
 * Generators of hostile input for the parse layer's fuzz tests: random text, grammar-based
 * HTML, CSS and srcset values, mutations of realistic documents, and large shapes that make
 * careless scanners quadratic.
 */

// The suite runs a fixed seed, so that CI checks the same inputs every time and a red run is a
// change of ours, not a new draw. FUZZ_SEED=<n> replays the seed a failure printed;
// FUZZ_SEED=random hunts with fresh inputs (with FUZZ_SCALE for longer hunts).
const seed = process.env.FUZZ_SEED ?? '20261125';
if (seed !== 'random') fc.configureGlobal({ seed: Number(seed) });

/** Runs of a property: `n`, times FUZZ_SCALE when set (a longer hunt, e.g. FUZZ_SCALE=20). */
export function runs(n: number): number {
  return Math.max(1, Math.round(n * Number(process.env.FUZZ_SCALE || 1)));
}

const join = (parts: readonly string[]) => parts.join('');
const pick = <T>(...values: T[]) => fc.constantFrom(...values);

/** Any code points, lone surrogates included, and text made of the characters markup is built from. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', maxLength: 1 }), fc.integer({ min: 0xd800, max: 0xdfff }).map(String.fromCharCode)) }),
  fc.string({ unit: pick(...'<>/="\'&;#!-[]?(){}*@:,\\ \t\n\r\fabcsurlimg'.split('')), maxLength: 300 }),
  fc.string({
    unit: pick(
      ...['<', '</', '<a', '<b>', '<svg>', '<!--', '-->', '<![CDATA[', ']]>', '&amp;', '&', '"', "'", '=', '>', '/>'],
      ...['url(', ')', '/*', '*/', '\\', '@import', ' ', '\n', '\r', '\0', ',', ';', '{', '}'],
    ),
  }),
);

const ws = pick('', ' ', '  ', '\n', '\t', '\r\n', '\f', ' \n\t ');
const ws1 = pick(' ', '\n', '\t', '\r\n', '\f', '  ');

const urlPiece = pick(
  'a.png', '/img/b.jpg', '../c.gif', 'https://cdn.test/d.webp', '//e.test/f', '?q=1&x=2', '#frag', 'data:image/png;base64,AA==',
  'javascript:void(0)', 'about:blank', 'lazy.gif', 'blank.gif', 'x y', 'é', '%20', ',', ';', '(', ')', '*', '"', "'", '\\', '<', '>',
  '&', '&amp;', '&quot;', '&#x27;', '&#0;', '&copy', '&lt', '=', '\u00a0', '\u2028', '\ud800', '\u0000', '\u0001', '\ue000',
);
const plainUrl = pick('a.png', '/img/b.jpg', '../c.gif', 'https://cdn.test/d.webp?w=1', '//e.test/f', 'g.css#x', 'h%20i.js');
const url = fc.oneof({ weight: 2, arbitrary: plainUrl }, fc.array(urlPiece, { maxLength: 5 }).map(join));

// ---- CSS ----

const cssEscape = pick(
  ...['\\', '\\41 ', '\\)', '\\(', '\\"', "\\'", '\\\n', '\\\r\n', '\\31 23'],
  ...['\\0', '\\110000', '\\d800 ', '\\ ', '\\\\', '\\72', '\\fffff', '\\000041'],
);
const cssUrlValue = fc.oneof(
  { weight: 2, arbitrary: plainUrl },
  fc.array(fc.oneof({ weight: 3, arbitrary: urlPiece }, cssEscape, ws1), { maxLength: 6 }).map(join),
);
const quote = pick('"', "'", '');

const cssUrl = fc
  .tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constant('url(') }, pick('URL(', 'Url(', 'u\\72l(', 'u\\52 l(', 'url (', 'xurl(', '#url(')),
    ws,
    quote,
    cssUrlValue,
    fc.oneof({ weight: 4, arbitrary: fc.constant('same') }, pick('none', 'newline', 'other')),
    ws,
    fc.oneof({ weight: 4, arbitrary: fc.constant(')') }, pick('', ' )', ';')),
  )
  .map(([open, before, q, value, close, after, paren]) => {
    const end = close === 'same' ? q : close === 'newline' ? '\n' : close === 'other' ? '"' : '';
    return `${open}${before}${q}${value}${end}${after}${paren}`;
  });
const cssString = fc.tuple(pick('"', "'"), cssUrlValue, pick('close', 'open', 'newline')).map(
  ([q, value, end]) => q + value + (end === 'close' ? q : end === 'newline' ? '\n' : ''),
);
const cssComment = fc.tuple(fc.oneof(url, cssUrl), pick('*/', '', '*')).map(([body, end]) => `/*${body}${end}`);
const cssImport = fc
  .tuple(
    pick('@import', '@IMPORT', '@\\69mport', '@import/**/', '@namespace', '@namespace svg', '@media', '@charset'),
    ws,
    fc.oneof(cssString, cssUrl),
    pick('', ' screen', ' layer(base)', ' supports(display:grid)', ' print and (min-width: 1px)'),
    pick(';', '', '{'),
  )
  .map(join);
const imageSetItem = fc.oneof(
  fc.tuple(cssString, pick(' 1x', ' 2x', ' type("image/avif")', '')).map(join),
  cssUrl,
  pick('type("image/webp")', 'linear-gradient(red, blue)', '"', '(', ')'),
);
const imageSet = fc
  .tuple(pick('image-set(', '-webkit-image-set(', 'IMAGE-SET(', 'cross-fade(', 'var(--x, '), fc.array(imageSetItem, { maxLength: 4 }), pick(')', ''))
  .map(([open, items, close]) => open + items.join(', ') + close);
const cssPunctuation = pick('{', '}', ';', ':', '(', ')', ',', '!important', '@', '#', '\\', '/', '*', '-', 'a', 'b:c', 'p > q', '@media screen{', '@font-face{src:');

/** CSS text: declarations and rules with every spelling of `url()`, imports, image-set, comments and escapes. */
export const cssText: fc.Arbitrary<string> = fc
  .array(
    fc.oneof({ weight: 4, arbitrary: cssUrl }, cssString, cssComment, cssImport, imageSet, { weight: 3, arbitrary: cssPunctuation }, ws1, fc.string({ maxLength: 8 })),
    { maxLength: 40 },
  )
  .map(join);

// ---- srcset ----

const srcsetUrlPiece = pick('a.png', 'b', ',', ',,', '(', ')', 'x%20y', 'data:image/png;base64,AA=', '1x', 'é', '/', '?w=1,2', 'blank.gif');
const srcsetUrl = fc.array(srcsetUrlPiece, { minLength: 1, maxLength: 4 }).map(join);
const descriptor = pick('', '1x', '2x', '1.5x', '100w', '50h', 'foo', '(x, y)', '(unclosed', '1x 2x', ')', '-1x', '0w', '1e2x');

/** A srcset value: candidates with any separators, descriptors valid or not. */
export const srcsetValue: fc.Arbitrary<string> = fc
  .array(fc.tuple(ws, srcsetUrl, ws, descriptor, ws, pick(',', ', ', ',,', '', ' ,')), { maxLength: 8 })
  .map((candidates) => candidates.map(join).join(''));

// ---- HTML ----

const tagName = pick(
  'img', 'IMG', 'a', 'link', 'script', 'style', 'template', 'noscript', 'svg', 'image', 'use', 'feImage', 'iframe', 'base', 'meta',
  'source', 'picture', 'video', 'audio', 'track', 'input', 'object', 'embed', 'frame', 'frameset', 'body', 'html', 'head', 'title',
  'table', 'tr', 'td', 'th', 'div', 'p', 'b', 'i', 'textarea', 'select', 'option', 'math', 'foreignObject', 'desc', 'area', 'span',
  'xmp', 'form', 'button', 'br', 'hr', 'mglyph',
);
const attrName = pick(
  'src', 'SRC', 'href', 'Href', 'srcset', 'style', 'data-src', 'data-lazy-src', 'data-original', 'data-srcset', 'data-lazy-srcset',
  'data-bg', 'data-background', 'data-background-image', 'xlink:href', 'XLINK:HREF', 'poster', 'background', 'data', 'imagesrcset',
  'srcdoc', 'integrity', 'crossorigin', 'CrossOrigin', 'rel', 'as', 'type', 'http-equiv', 'content', 'name', 'charset', 'target',
  'class', 'id', 'alt', 'srcSet', 'x"y', "a'b", '<c', '=d',
);

function attrValue(name: string, html: fc.Arbitrary<string>): fc.Arbitrary<string> {
  switch (name.toLowerCase()) {
    case 'srcset':
    case 'imagesrcset':
    case 'data-srcset':
    case 'data-lazy-srcset':
      return srcsetValue;
    case 'style':
      return cssText;
    case 'srcdoc':
      return html;
    case 'rel':
      return pick('stylesheet', 'icon', 'shortcut icon', 'preload', 'modulepreload', 'manifest', 'prefetch', 'apple-touch-icon', 'alternate stylesheet', '');
    case 'as':
      return pick('style', 'script', 'font', 'image', 'IMAGE');
    case 'type':
      return pick('module', 'importmap', ' MODULE ', 'image', 'text/javascript', 'text/css');
    case 'http-equiv':
      return pick('refresh', ' Refresh ', 'Content-Security-Policy', 'content-type', 'x');
    case 'name':
      return pick('robots', 'ROBOTS', 'description');
    case 'content':
      return pick('noindex, nofollow', '0;url=/next', "default-src 'none'", 'text/html; charset=windows-1251');
    default:
      return fc.oneof({ weight: 4, arbitrary: url }, cssUrl, pick('', ' ', 'url(a.png)', ' url("b.png")'));
  }
}

/** ` name="value"` with any quoting, spacing, entities, or a missing value. */
function attribute(html: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const equals = fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false));
  return attrName.chain((name) =>
    fc.tuple(ws1, ws, ws, quote, attrValue(name, html), fc.boolean(), equals).map(([lead, before, after, q, value, escape, eq]) => {
      // Inside its quotes, that quote would end the value early: escaped, or left to do so.
      const written = q && escape ? value.replaceAll(q, q === '"' ? '&quot;' : '&#39;') : value;
      return eq ? `${lead}${name}${before}=${after}${q}${written}${q}` : `${lead}${name}`;
    }),
  );
}

/** Values that satisfy a table row's condition on another attribute. */
function conditions(row: HtmlSource): string {
  return (row.when ?? []).map((t) => ` ${t.attr}=${'hasToken' in t ? `"x ${t.hasToken}"` : 'is' in t ? t.is.toUpperCase() : `not-${t.isNot}`}`).join('');
}

/** An element that holds a reference per one `HTML_SOURCES` row, with its conditions met and other attributes around. */
function referenceElement(html: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.constantFrom(...HTML_SOURCES).chain((row) => {
    const tag = row.tag === '*' ? tagName : pick(row.tag, row.tag.toUpperCase());
    const value = attrValue(row.format === 'srcset' ? 'srcset' : row.format === 'css' ? 'style' : row.format === 'html' ? 'srcdoc' : 'src', html);
    return fc
      .tuple(tag, fc.array(attribute(html), { maxLength: 2 }), quote, value, fc.array(attribute(html), { maxLength: 2 }), pick('>', '/>', ' />'))
      .map(([name, before, q, v, after, close]) => `<${name}${before.join('')}${conditions(row)} ${row.attr}=${q}${v}${q}${after.join('')}${close}`);
  });
}

const textPiece = pick('text', ' ', '\n', '&amp;', '&lt;', '&copy', '&#x41;', '&#0;', '&', '<', '< p', '<3', '>', '\r\n', '\u0000', 'é', ']]>', '-->', '</');
const text = fc.array(textPiece, { maxLength: 6 }).map(join);
const scriptPiece = pick(
  ...['import "./a.js";', "export * from './b.js';", 'import("./c.js")', 'import.meta.url', '{"imports":{"a":"./a.js"}}'],
  ...['<!--', '-->', '<script>', '</script', ' ', 'x'],
);
const scriptText = fc.array(scriptPiece, { maxLength: 5 }).map(join);

/** An HTML document built from tokens: tags with any attributes, raw-text elements, comments, CDATA, stray markup. */
export const htmlDocument: fc.Arbitrary<string> = fc.letrec<{ doc: string }>((tie) => {
  const nested = fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constant(''), tie('doc'));
  const startTag = fc
    .tuple(tagName, fc.array(attribute(nested), { maxLength: 5 }), ws, pick('>', '/>', '>', ' >', ''))
    .map(([tag, attrs, space, close]) => `<${tag}${attrs.join('')}${space}${close}`);
  const fragment = fc.oneof(
    { weight: 4, arbitrary: startTag },
    { weight: 4, arbitrary: referenceElement(nested) },
    { weight: 2, arbitrary: tagName.map((tag) => `</${tag}>`) },
    { weight: 3, arbitrary: text },
    fc.tuple(pick('<style>', '<STYLE media=x>', '<svg><style>'), cssText, pick('</style>', '</STYLE >', '')).map(join),
    fc.tuple(pick('<script>', '<script type=module>', '<script type="importmap">', '<script type=module src=m.js>'), scriptText, pick('</script>', '')).map(join),
    fc.tuple(pick('<!--', '<!---', '<!'), text, pick('-->', '--!>', '>', '')).map(join),
    fc.tuple(pick('<svg><![CDATA[', '<![CDATA['), text, pick(']]>', '')).map(join),
    pick('<!DOCTYPE html>', '<!doctype html public "x">', '<?xml version="1.0"?>', '<textarea>', '<title>', '</textarea>', '<plaintext>'),
  );
  return { doc: fc.array(fragment, { maxLength: 30 }).map(join) };
}).doc;

// ---- JavaScript modules ----

const specifier = fc.oneof(pick('./a.js', '../b.mjs', '/c.js', 'lib', 'https://cdn.test/d.js', './e.json', ''), url);
const jsString = (...quotes: string[]) =>
  fc.tuple(pick(...quotes), specifier).map(([q, s]) => q + s.replaceAll('\\', '\\\\').replaceAll(q, `\\${q}`).replaceAll('\n', '\\n') + q);
const staticImport = fc
  .tuple(
    pick('import ', 'import x from ', 'import {a as b} from ', 'import * as n from ', 'export * from ', 'export {c} from '),
    jsString('"', "'"),
    pick(';', '', ' with { type: "json" };', '\n'),
  )
  .map(join);
const phaseImport = fc.tuple(pick('import source w from ', 'import defer * as d from '), jsString('"', "'")).map(join);
const dynamicImport = fc
  .tuple(pick('import(', 'await import(', 'import (', 'import(/*x*/', 'import.source(', 'import.defer('), jsString('"', "'", '`'), pick(')', '', ', {})'))
  .map(join);
const notAnImport = pick('// import "no.js"\n', '/* import "no.js" */', '"import(\'no.js\')"', '/import("re")/g', '`${import("t.js")}`', 'x = a / b / c');
const jsToken = fc.oneof(
  { weight: 4, arbitrary: staticImport },
  phaseImport,
  { weight: 3, arbitrary: dynamicImport },
  pick('import.meta.url', 'import.meta.env', 'import.meta', 'new URL("./x.png", import.meta.url)', 'import.meta.url.x'),
  { weight: 2, arbitrary: notAnImport },
  pick('{}', '()', ';', '{', '}', '(', ')', '`', '/*', '"', "'", '\\'),
  fc.string({ maxLength: 6 }),
);

/** Module source: every import form, with comments, strings, templates and regexes around. */
export const jsModule: fc.Arbitrary<string> = fc.array(jsToken, { maxLength: 20 }).map((tokens) => tokens.join('\n'));

// ---- mutated real documents ----

type Mutation = { at: number; kind: 'insert' | 'delete' | 'duplicate' | 'truncate'; length: number; text: string };

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: pick('insert', 'delete', 'duplicate', 'truncate'),
  length: fc.integer({ min: 1, max: 40 }),
  text: fc.oneof(
    fc.string({ unit: 'binary', maxLength: 4 }),
    pick('<', '>', '"', "'", '=', '&', '(', ')', '\\', '/*', '*/', '<!--', ',', ' ', '\n', 'url(', '<script>', '</style>', '{', '}'),
  ),
});

function mutate(seed: string, mutations: readonly Mutation[]): string {
  let doc = seed;
  for (const { at, kind, length, text } of mutations) {
    const i = doc.length === 0 ? 0 : at % (doc.length + 1);
    if (kind === 'insert') doc = doc.slice(0, i) + text + doc.slice(i);
    else if (kind === 'delete') doc = doc.slice(0, i) + doc.slice(i + length);
    else if (kind === 'duplicate') doc = doc.slice(0, i + length) + doc.slice(i);
    else doc = doc.slice(0, i);
  }
  return doc;
}

/** Seeds with random insertions, deletions, duplications and truncations applied. */
export function mutated(seeds: readonly string[]): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...seeds), fc.array(mutation, { minLength: 1, maxLength: 12 })).map(([seed, mutations]) => mutate(seed, mutations));
}

// ---- large adversarial shapes ----

/** One shape that careless scanners handle in quadratic time: `prefix + unit × count + suffix`. */
export interface Shape {
  name: string;
  prefix: string;
  unit: string;
  suffix: string;
}

/** Build a shape to about `size` characters. */
export function grow(shape: Shape, size: number): string {
  return shape.prefix + shape.unit.repeat(Math.max(1, Math.floor(size / shape.unit.length))) + shape.suffix;
}

/**
 * Up to three shapes glued together, each grown to a random share of `size`, from random
 * combinations of the given contexts (prefix and suffix) and repeated units.
 */
export function adversarial(contexts: readonly [string, string][], units: readonly string[], size: number): fc.Arbitrary<string> {
  const run = fc.tuple(fc.constantFrom(...contexts), fc.constantFrom(...units), fc.integer({ min: 1, max: 4 }));
  return fc.array(run, { minLength: 1, maxLength: 3 }).map((parts) =>
    parts.map(([[prefix, suffix], unit, share]) => grow({ name: '', prefix, unit, suffix }, (size * share) / 4)).join(''),
  );
}
