import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adversarial, anyText, grow, htmlDocument, mutated, runs, type Shape } from '../../test/support/fuzz-inputs.js';
import { SEED_HTML } from '../../test/support/fuzz-seeds.js';
import {
  attrsOf,
  dropsElements,
  elementsOf,
  expectedOtherAttributes,
  gainedStartTag,
  isRemoved,
  otherAttributes,
  parseLocated,
  pieces,
  referencesChanged,
  rewrittenSpans,
  slashInDoubt,
  sourceSpans,
  type Element,
  type Options,
} from '../../test/support/html-edit-model.js';
import { expectLinearTime } from '../../test/support/time-budget.js';
import { findCssRefs } from './css.js';
import { findHtmlRefs, rewriteHtml, type HtmlRef, type InlineScriptMap, type RewriteHtmlOptions } from './html.js';

const documents = fc.oneof(anyText, htmlDocument, htmlDocument, mutated(SEED_HTML));
/** Starts every rewritten reference, so that the rewritten ones can be told from the rest. */
const MARK = '\u{F0000}';
/** What a replacement may hold that could break out of where it is written. */
const nasty = fc.constantFrom('', '"', "'", '&amp;', '&', '<', '</style>', '</script>', '<!--', '>', ' ', ' x ', ',', ', 2x', ')', '\\', '\n', '*/', 'é');

const inlineScript: InlineScriptMap = (s) => (s.type === 'importmap' ? null : 'm()');
const modelOptions: Options = { removeImportMaps: true, rewriteModules: true };

describe('HTML find and rewrite, fuzzed', () => {
  it('never throw', () => {
    const options = fc.record({
      charset: fc.constantFrom(undefined, 'utf-8', 'a"b'),
      csp: fc.constantFrom(undefined, "default-src 'self'"),
      headHtml: fc.constantFrom(undefined, '<script type="importmap">{}</script>'),
      bodyHtml: fc.constantFrom(undefined, '<div hidden></div>'),
      replacement: fc.constantFrom('', 'L/', '"<&'),
    });
    fc.assert(
      fc.property(documents, options, (html, { replacement, ...rest }) => {
        findHtmlRefs(html);
        rewriteHtml(html, { ...rest, map: (ref) => (replacement === '' ? '' : replacement + ref.url), inlineScript });
      }),
      { numRuns: runs(300) },
    );
  });

  it('change nothing but the deliberate removals when map returns undefined', () => {
    fc.assert(
      fc.property(documents, (html) => {
        const source = parseLocated(html);
        fc.pre(!dropsElements(source));
        const elements = elementsOf(source);
        const removals = sourceSpans(html, elements, new Set(), { removeImportMaps: false, rewriteModules: false });
        const expected = pieces(html, removals.filter((s) => s.kind === 'gone')).join('');
        expect(rewriteHtml(html, { map: () => undefined })).toBe(expected);
      }),
      { numRuns: runs(300) },
    );
  });

  it('change bytes only inside reference attributes, <style> text and the deliberate exceptions', () => {
    fc.assert(
      fc.property(documents, nasty, (html, extra) => {
        const output = rewriteHtml(html, { map: (ref) => MARK + extra + ref.url, inlineScript });
        const source = parseLocated(html);
        const before = elementsOf(source);
        fc.pre(!before.some((el) => slashInDoubt(html, source, el)) && !dropsElements(source));
        const kept = before.filter((el) => !isRemoved(el, modelOptions));
        const after = elementsOf(parseLocated(output));
        const name = (el: Element) => `${el.namespaceURI} ${el.tagName}`;
        expect(after.map(name), 'no element appears or disappears').toEqual(kept.map(name));
        const backward = new Map(kept.map((el, i) => [after[i]!, el]));
        // map returns a string for every reference: an element with any is rewritten.
        const rewritten = new Set(kept.filter((el, i) => referencesChanged(el, after[i]!) || unlocatedRefs(el).length > 0));
        kept.forEach((el, i) => {
          if (gainedStartTag(el, after[i]!)) return;
          expect(otherAttributes(after[i]!)).toEqual(expectedOtherAttributes(source, el, after[i]!, rewritten.has(el)));
        });
        expect(pieces(output, rewrittenSpans(output, after, backward, modelOptions))).toEqual(
          pieces(html, sourceSpans(html, before, rewritten, modelOptions)),
        );
      }),
      { numRuns: runs(300) },
    );
  });

  it('leave no reference unrewritten and let none break out of where it was written', () => {
    fc.assert(
      fc.property(documents, nasty, (html, extra) => {
        const output = rewriteHtml(html, { map: (ref) => MARK + extra + ref.url });
        const stray = findHtmlRefs(output).refs.map((r) => r.url).filter((url) => !url.startsWith(MARK));
        const unlocated = elementsOf(parseLocated(html)).flatMap(unlocatedRefs);
        const swallowed = elementsOf(parseLocated(output)).flatMap(swallowedBackground);
        expect(stray.sort()).toEqual([...unlocated, ...swallowed.filter((url) => !url.startsWith(MARK))].sort());
      }),
      { numRuns: runs(300) },
    );
  });

  it('insert <meta charset> and the CSP in one place, inside <head>, after a doctype', () => {
    const charset = '<meta charset="utf-8">';
    const csp = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'">`;
    fc.assert(
      fc.property(documents, (html) => {
        const options: RewriteHtmlOptions = { map: (ref: HtmlRef) => `L/${ref.url}` };
        const plain = rewriteHtml(html, options);
        const output = rewriteHtml(html, { ...options, charset: 'utf-8', csp: "default-src 'self'" });
        const at = insertionPoint(plain, output, charset + csp);
        expect(at, 'the rest of the document is unchanged').toBeGreaterThanOrEqual(0);
        const parsed = parseLocated(output);
        const meta = elementsOf(parsed).find((el) => el.sourceCodeLocation?.startOffset === at);
        expect(meta?.tagName).toBe('meta');
        expect(meta?.parentNode && 'tagName' in meta.parentNode ? meta.parentNode.tagName : undefined).toBe('head');
        // Before the doctype, the doctype would be ignored: quirks mode. (Unless the end of input
        // cut it off: then it would take the metas in, and forces quirks mode anyway.)
        const doctype = parseLocated(html).childNodes.find((n) => n.nodeName === '#documentType')?.sourceCodeLocation;
        if (doctype && html[doctype.endOffset - 1] === '>') expect(parsed.childNodes.some((n) => n.nodeName === '#documentType')).toBe(true);
      }),
      { numRuns: runs(300) },
    );
  });
});

/**
 * The references the rewrite cannot reach in an element: in attributes parse5 merged in from a
 * repeated `<html>` or `<body>` tag, which have no location (in `srcdoc` documents too).
 */
function unlocatedRefs(el: Element): string[] {
  // Other elements without a location are copies the parser makes of formatting elements: their
  // attributes come from a located original, rewritten.
  if (!el.sourceCodeLocation && el.tagName !== 'html' && el.tagName !== 'body') return [];
  const located = el.sourceCodeLocation?.attrs ?? {};
  const merged = [...attrsOf(el)].filter(([name]) => !(name in located));
  const alone = `<${el.tagName}${merged.map(([name, value]) => ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`).join('')}>`;
  const own = merged.length > 0 ? findHtmlRefs(alone).refs.map((r) => r.url) : [];
  const srcdoc = located.srcdoc && el.tagName === 'iframe' ? attrsOf(el).get('srcdoc') : undefined;
  return srcdoc === undefined ? own : [...own, ...elementsOf(parseLocated(srcdoc)).flatMap(unlocatedRefs)];
}

const LAZY_BACKGROUNDS = ['data-bg', 'data-background', 'data-background-image'];

/**
 * A known limitation: a lazy background is appended to the element's `style`, and when that
 * style leaves something open (`url(x`, a string, a comment), the appended declaration is read
 * as part of it. Returns the references of such a style, in the rewritten element.
 */
function swallowedBackground(el: Element): string[] {
  const attrs = attrsOf(el);
  const style = attrs.get('style');
  if (style === undefined || !LAZY_BACKGROUNDS.some((name) => attrs.has(name))) return [];
  const refs = findCssRefs(style);
  return refs.at(-1)?.url.startsWith(MARK) ? [] : refs.map((r) => r.url);
}

/** Where `inserted` went into `plain` to give `output`, or -1 when `output` is not such an insertion. */
function insertionPoint(plain: string, output: string, inserted: string): number {
  if (output.length !== plain.length + inserted.length) return -1;
  let common = 0;
  while (common < plain.length && plain[common] === output[common]) common++;
  for (let at = common; at >= 0 && at >= common - inserted.length; at--) {
    if (output.startsWith(inserted, at) && output.slice(at + inserted.length) === plain.slice(at) && output.slice(0, at) === plain.slice(0, at)) {
      return at;
    }
  }
  return -1;
}

/** Inputs whose size a careless scan pays for quadratically. */
const SHAPES: Shape[] = [
  { name: 'unclosed tags', prefix: '', unit: '<div ', suffix: '' },
  { name: 'stray <', prefix: '', unit: '<a<', suffix: '' },
  { name: 'unclosed comments', prefix: '', unit: '<!--', suffix: '' },
  { name: 'a long attribute value', prefix: '<img src="', unit: 'a', suffix: '">' },
  { name: 'whitespace inside an attribute URL', prefix: '<img src="a', unit: ' ', suffix: 'b">' },
  { name: 'whitespace inside a lazy URL', prefix: '<img src=blank.gif data-src="a', unit: '\t', suffix: 'b">' },
  { name: 'whitespace inside a style to extend', prefix: '<div data-bg=x.png style="color:red', unit: ' ', suffix: ';">' },
  { name: 'commas inside a srcset URL', prefix: '<img srcset="a', unit: ',', suffix: 'b 1x">' },
  { name: 'a huge srcset', prefix: '<img srcset="', unit: 'a.png 1x, ', suffix: '">' },
  { name: 'open parentheses in a srcset', prefix: '<img srcset="a.png ', unit: '(', suffix: '">' },
  { name: 'deep nesting', prefix: '', unit: '<div>', suffix: '<img src=deep.png>' },
  { name: 'deep SVG nesting', prefix: '<svg>', unit: '<g>', suffix: '<image href=deep.png>' },
  { name: 'deep template nesting', prefix: '', unit: '<template>', suffix: '<img src=deep.png>' },
  { name: 'url( in <style>', prefix: '<style>a{b:', unit: 'url(', suffix: '</style>' },
  { name: 'whitespace in a <style> url', prefix: '<style>a{b:url("x', unit: ' ', suffix: '")}</style>' },
  { name: 'url( in a style attribute', prefix: '<p style="', unit: 'url(', suffix: '">' },
  { name: 'entities', prefix: '<img src="', unit: '&amp;', suffix: '">' },
  { name: 'many attributes', prefix: '<img ', unit: 'a=1 ', suffix: 'src=x>' },
  { name: 'many references', prefix: '', unit: '<img src=a.png srcset="b.png 2x" style="background:url(c.png)">', suffix: '' },
  { name: 'lazy images', prefix: '', unit: '<img src=blank.gif data-src=a.png integrity=x crossorigin>', suffix: '' },
  { name: 'removed elements', prefix: '', unit: '<base href=x><meta http-equiv=refresh content=0>', suffix: '' },
  { name: 'a nested srcdoc', prefix: '<iframe srcdoc="', unit: '&lt;img src=a.png&gt;', suffix: '">' },
];
const SIZE = 100_000;
const map = (ref: HtmlRef) => `L/${ref.url}`;
const rewrite = (html: string) => rewriteHtml(html, { map, charset: 'utf-8', csp: "default-src 'self'" });

describe('HTML find and rewrite time', () => {
  it.each(SHAPES)('is linear for $name', (shape) => {
    const html = grow(shape, SIZE);
    expectLinearTime('findHtmlRefs', html, () => findHtmlRefs(html));
    expectLinearTime('rewriteHtml', html, () => rewrite(html));
  });

  it('is linear for random combinations of those shapes', () => {
    const contexts = SHAPES.map((s): [string, string] => [s.prefix, s.suffix]);
    const units = [...SHAPES.map((s) => s.unit), ' ', '\t', ',', 'a', '"', "'", '<', '&', '/', '='];
    fc.assert(
      fc.property(adversarial(contexts, units, SIZE), (html) => {
        expectLinearTime('findHtmlRefs', html, () => findHtmlRefs(html));
        expectLinearTime('rewriteHtml', html, () => rewrite(html));
      }),
      { numRuns: runs(10) },
    );
  });

  it('is linear for a single-line document of 1 to 5 MB', () => {
    // Mostly text, as long pages are, with the seed's references now and then.
    const article = `<p>${'Lorem ipsum dolor sit amet, <b>consectetur</b> adipiscing elit &amp; more. '.repeat(40)}</p>`;
    const line = (SEED_HTML.join('') + article.repeat(10)).replace(/\n/g, ' ');
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: 5_000_000 }), (size) => {
        const html = line.repeat(Math.ceil(size / line.length));
        expectLinearTime('findHtmlRefs', html, () => findHtmlRefs(html));
        expectLinearTime('rewriteHtml', html, () => rewrite(html));
      }),
      { numRuns: runs(1) },
    );
  });
});
