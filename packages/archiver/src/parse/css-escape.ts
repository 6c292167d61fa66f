const HEX = /[0-9a-fA-F]/;

function isNewline(c: string | undefined): boolean {
  return c === '\n' || c === '\r' || c === '\f';
}

function isCssWhitespace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || isNewline(c);
}

/** Length of the newline starting at `i` (CRLF counts as one newline in CSS). */
export function newlineLength(text: string, i: number): number {
  if (text[i] === '\r' && text[i + 1] === '\n') return 2;
  return isNewline(text[i]) ? 1 : 0;
}

/**
 * Length of the escape starting with the backslash at `i`: `\` + 1–6 hex digits + one optional
 * whitespace, or `\` + any one code unit. Callers check for `\` + newline themselves.
 */
export function escapeLength(text: string, i: number): number {
  let j = i + 1;
  if (!HEX.test(text[j] ?? '')) return Math.min(2, text.length - i);
  while (j < i + 7 && HEX.test(text[j] ?? '')) j++;
  if (isCssWhitespace(text[j])) j += newlineLength(text, j) || 1;
  return j - i;
}

function codePointFromHex(hex: string): string {
  const cp = parseInt(hex, 16);
  const invalid = cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff);
  return String.fromCodePoint(invalid ? 0xfffd : cp);
}

/**
 * Decode CSS escapes in the raw text of a string or URL token: `\31 23` → `123`, `\)` → `)`,
 * and a backslash before a newline (a string line continuation) disappears.
 */
export function decodeCssEscapes(raw: string): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; ) {
    if (raw[i] !== '\\') {
      out += raw[i];
      i++;
      continue;
    }
    const nl = newlineLength(raw, i + 1);
    if (nl > 0 || i + 1 >= raw.length) {
      i += 1 + nl;
      continue;
    }
    const len = escapeLength(raw, i);
    const body = raw.slice(i + 1, i + len);
    out += HEX.test(body[0] ?? '') ? codePointFromHex(body.trim()) : body;
    i += len;
  }
  return out;
}

/**
 * Characters that an unquoted `url(...)` cannot hold as they are, plus `<`, which is escaped so
 * that no URL can close an HTML `<style>` element.
 */
const NEEDS_QUOTES = /[\s()'"\\<\u0000-\u001f\u007f]/;

/** True when `url` can be written as `url(value)` without quoting or escaping. */
export function isSafeUnquotedUrl(url: string): boolean {
  return !NEEDS_QUOTES.test(url);
}

/**
 * Write `value` as a CSS string token with the given quote: backslash, that quote, control
 * characters (newlines included) and `<` (see above) escaped.
 */
export function cssString(value: string, quote: '"' | "'"): string {
  let out = quote;
  for (const c of value) {
    if (c === '\\' || c === quote) out += `\\${c}`;
    // The trailing space ends the hex escape, so a following hex digit stays literal.
    else if (/[\u0000-\u001f\u007f<]/.test(c)) out += `\\${c.charCodeAt(0).toString(16)} `;
    else out += c;
  }
  return out + quote;
}
