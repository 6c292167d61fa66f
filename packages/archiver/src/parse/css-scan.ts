import { decodeCssEscapes, escapeLength, newlineLength } from './css-escape.js';

/**
 * One reference found in CSS text. `start`/`end` cover what a rewrite replaces: the string token
 * with its quotes, or the bare value of an unquoted `url(...)` (never the surrounding bytes).
 */
export interface CssSpan {
  start: number;
  end: number;
  /** Escapes decoded, not trimmed. */
  value: string;
  kind: 'import' | 'url';
  quote: '"' | "'" | '';
  /** In a declaration whose URL a copy writes as a data: URL (see inlinedProperty). */
  inline?: true;
}

// Properties whose images the browser loads in CORS mode, which it refuses from file:// (a mask
// icon's file in its right place, in Chromium and Firefox alike).
const CORS_PROPERTIES = new Set(['mask', 'mask-image', 'mask-border', 'mask-border-source', '-webkit-mask', '-webkit-mask-image', '-webkit-mask-box-image', '-webkit-mask-box-image-source', 'shape-outside']);

/**
 * Whether a URL in a declaration of `property` is best a data: URL in a copy: a CORS-mode image,
 * or a custom property's, which the browser resolves against the stylesheet that uses it (Vocs
 * writes `style="--icon:url(/.vocs/icons/link.svg)"` on its pages, used by a stylesheet in
 * `assets/`: the copy's link, right from the page, named a file under `assets/`).
 */
function inlinedProperty(property: string | undefined): boolean {
  return property !== undefined && (property.startsWith('--') || CORS_PROPERTIES.has(property));
}

interface Frame {
  name: string;
  /** Set for a `url(` function whose string argument is the reference. */
  urlKind?: 'import' | 'url' | 'skip';
}

const IMAGE_SETS = new Set(['image-set', '-webkit-image-set']);

function isWhitespace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
}

function isValidEscape(css: string, i: number): boolean {
  return css[i] === '\\' && newlineLength(css, i + 1) === 0;
}

/** Ident/number characters (letters, digits, `_`, `-`, non-ASCII) or an escape. Hot loop: no regex. */
function isNameChar(css: string, i: number): boolean {
  const code = css.charCodeAt(i);
  if (Number.isNaN(code)) return false;
  const lower = code | 0x20;
  return (
    (lower >= 0x61 && lower <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f ||
    code === 0x2d ||
    code >= 0x80 ||
    isValidEscape(css, i)
  );
}

/** End of the run of name characters (an ident, number or unit) starting at `i`. */
function nameEnd(css: string, i: number): number {
  let j = i;
  while (isNameChar(css, j)) j += css[j] === '\\' ? escapeLength(css, j) : 1;
  return j;
}

/** End of a string token opened at `i`; `bad` when an unescaped newline cuts it short. */
function stringEnd(css: string, i: number): { end: number; closed: boolean; bad: boolean } {
  const quote = css[i];
  for (let j = i + 1; j < css.length; ) {
    const c = css[j];
    if (c === quote) return { end: j + 1, closed: true, bad: false };
    if (newlineLength(css, j) > 0) return { end: j, closed: false, bad: true };
    j += c === '\\' ? 1 + (newlineLength(css, j + 1) || 1) : 1;
  }
  return { end: css.length, closed: false, bad: false };
}

type UrlToken = { quoted: true } | { quoted: false; valueStart: number; valueEnd: number; end: number; bad: boolean };

/** Consume `url(` per CSS Syntax §4.3.6 from just after the parenthesis. Comments are not comments here. */
function urlToken(css: string, from: number): UrlToken {
  let j = from;
  while (isWhitespace(css[j])) j++;
  if (css[j] === '"' || css[j] === "'") return { quoted: true };
  const valueStart = j;
  for (;;) {
    const c = css[j];
    if (c === undefined || c === ')') return { quoted: false, valueStart, valueEnd: j, end: j + (c ? 1 : 0), bad: false };
    if (isWhitespace(c)) {
      const valueEnd = j;
      while (isWhitespace(css[j])) j++;
      if (css[j] === undefined || css[j] === ')') {
        return { quoted: false, valueStart, valueEnd, end: j + (css[j] ? 1 : 0), bad: false };
      }
      break;
    }
    if (c === '"' || c === "'" || c === '(' || /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(c)) break;
    if (c === '\\') {
      if (!isValidEscape(css, j)) break;
      j += escapeLength(css, j);
    } else {
      j++;
    }
  }
  // Bad URL: browsers drop it; skip to its closing parenthesis.
  while (j < css.length && css[j] !== ')') j += isValidEscape(css, j) ? escapeLength(css, j) : 1;
  return { quoted: false, valueStart, valueEnd: j, end: Math.min(j + 1, css.length), bad: true };
}

/**
 * Find the references in CSS text with a tokenizer-level scan that respects comments, strings
 * and escapes: `url(...)` in any form, `@import "..."`, and strings directly inside
 * `image-set()`. Never throws; malformed input yields what can be recognised.
 */
export function scanCss(css: string): CssSpan[] {
  const spans: CssSpan[] = [];
  const stack: Frame[] = [];
  let importPending = false; // just after `@import`: the next string or url is the import
  let inNamespace = false; // `@namespace url(...)` names a namespace, not a resource
  let property: string | undefined; // the declaration's property, once its name and colon were read
  const span = (found: CssSpan): CssSpan => (found.kind === 'url' && inlinedProperty(property) ? { ...found, inline: true } : found);
  let i = 0;
  while (i < css.length) {
    const c = css[i]!;
    if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? css.length : close + 2;
      continue;
    }
    if (isWhitespace(c)) {
      i++;
      continue;
    }
    const keepImport = importPending;
    importPending = false;
    if (c === '"' || c === "'") {
      const { end, closed, bad } = stringEnd(css, i);
      const top = stack[stack.length - 1];
      const kind = keepImport ? 'import' : top?.urlKind ?? (top && IMAGE_SETS.has(top.name) ? 'url' : undefined);
      if (kind && kind !== 'skip' && !bad && !inNamespace) {
        const value = decodeCssEscapes(css.slice(i + 1, closed ? end - 1 : end));
        spans.push(span({ start: i, end, value, kind, quote: c }));
      }
      i = end;
    } else if (c === '@' && isNameChar(css, i + 1)) {
      const end = nameEnd(css, i + 1);
      const name = decodeCssEscapes(css.slice(i + 1, end)).toLowerCase();
      importPending = name === 'import';
      inNamespace = name === 'namespace';
      i = end;
    } else if (c === '#' && isNameChar(css, i + 1)) {
      i = nameEnd(css, i + 1); // a hash token: `#url(` is not a url
    } else if (isNameChar(css, i)) {
      const start = i;
      i = nameEnd(css, i);
      if (css[i] !== '(') {
        if (stack.length === 0) {
          let j = i;
          while (isWhitespace(css[j])) j++;
          if (css[j] === ':') property = decodeCssEscapes(css.slice(start, i)).toLowerCase();
        }
        continue;
      }
      const fnName = decodeCssEscapes(css.slice(start, i)).toLowerCase();
      i++;
      if (fnName !== 'url') {
        stack.push({ name: fnName });
        continue;
      }
      const kind = inNamespace ? 'skip' : keepImport ? 'import' : 'url';
      const token = urlToken(css, i);
      if (token.quoted) {
        stack.push({ name: 'url', urlKind: kind });
        continue;
      }
      if (!token.bad && kind !== 'skip') {
        const value = decodeCssEscapes(css.slice(token.valueStart, token.valueEnd));
        spans.push(span({ start: token.valueStart, end: token.valueEnd, value, kind, quote: '' }));
      }
      i = token.end;
    } else if (c === '(') {
      stack.push({ name: '' });
      i++;
    } else if (c === ')') {
      stack.pop();
      i++;
    } else {
      // Block and statement ends also reset stray unclosed functions (best-effort recovery).
      if (c === ';' || c === '{' || c === '}') {
        stack.length = 0;
        inNamespace = false;
        property = undefined;
      }
      i++;
    }
  }
  return spans;
}
