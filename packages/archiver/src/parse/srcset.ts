/** One image candidate of a `srcset`: the URL and its descriptors as written (`1x`, `100w`, or invalid). */
export interface SrcsetCandidate {
  url: string;
  descriptor: string;
}

/** A candidate plus where its URL sits in the attribute value, for in-place rewriting. */
interface LocatedCandidate extends SrcsetCandidate {
  start: number;
  end: number;
}

function isWhitespace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
}

/**
 * The descriptor tokenizer of WHATWG "parse a srcset attribute": whitespace splits descriptors
 * except inside parentheses, and a comma ends the candidate. Returns the position after it.
 */
function tokenizeDescriptors(value: string, from: number, out: string[]): number {
  let i = from;
  while (isWhitespace(value[i])) i++;
  let current = '';
  let state: 'in' | 'parens' | 'after' = 'in';
  for (; ; i++) {
    const c = value[i];
    if (state === 'in') {
      if (c === undefined || c === ',' || isWhitespace(c)) {
        if (current !== '') out.push(current);
        current = '';
        if (c === undefined) return i;
        if (c === ',') return i + 1;
        state = 'after';
      } else {
        current += c;
        if (c === '(') state = 'parens';
      }
    } else if (state === 'parens') {
      if (c === undefined) {
        out.push(current);
        return i;
      }
      current += c;
      if (c === ')') state = 'in';
    } else if (c === undefined) {
      return i;
    } else if (!isWhitespace(c)) {
      state = 'in';
      i--; // reconsume in the "in descriptor" state
    }
  }
}

function locateSrcset(value: string): LocatedCandidate[] {
  const out: LocatedCandidate[] = [];
  let i = 0;
  for (;;) {
    while (isWhitespace(value[i]) || value[i] === ',') i++;
    if (i >= value.length) return out;
    const start = i;
    while (i < value.length && !isWhitespace(value[i])) i++;
    let end = i;
    const descriptors: string[] = [];
    if (value[end - 1] === ',') {
      // "a.jpg, b.jpg": the URL swallowed its separator, so it has no descriptors.
      while (value[end - 1] === ',') end--;
    } else {
      i = tokenizeDescriptors(value, i, descriptors);
    }
    out.push({ url: value.slice(start, end), descriptor: descriptors.join(' '), start, end });
  }
}

/**
 * Parse a `srcset` value per the WHATWG algorithm. A comma inside a URL stays part of it
 * (`data:image/png;base64,AAA= 1x`); every candidate is kept, invalid descriptors verbatim.
 */
export function parseSrcset(value: string): SrcsetCandidate[] {
  return locateSrcset(value).map(({ url, descriptor }) => ({ url, descriptor }));
}

/** Serialize candidates as `url descriptor, url descriptor`. */
export function serializeSrcset(candidates: readonly SrcsetCandidate[]): string {
  return candidates.map((c) => (c.descriptor === '' ? c.url : `${c.url} ${c.descriptor}`)).join(', ');
}

/** Whitespace would end the URL and edge commas would be read as separators: percent-encode them. */
function srcsetSafeUrl(url: string): string {
  const encoded = url.replace(/[\t\n\f\r ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  // Counted, not matched with `/,+$/`, which would retry at every comma run: quadratic on a long one.
  let start = 0;
  while (encoded[start] === ',') start++;
  let end = encoded.length;
  while (end > start && encoded[end - 1] === ',') end--;
  return '%2C'.repeat(start) + encoded.slice(start, end) + '%2C'.repeat(encoded.length - end);
}

/**
 * Rewrite the URLs of a `srcset` value. `map` returning `undefined` keeps a candidate unchanged,
 * `''` drops it. Without drops, only the URLs are spliced, so spacing and separators survive.
 */
export function rewriteSrcset(value: string, map: (url: string) => string | undefined): string {
  const candidates = locateSrcset(value).map((c) => ({ ...c, next: map(c.url) }));
  if (candidates.some((c) => c.next === '')) {
    const kept = candidates.filter((c) => c.next !== '');
    return serializeSrcset(
      kept.map((c) => ({ url: c.next === undefined ? c.url : srcsetSafeUrl(c.next), descriptor: c.descriptor })),
    );
  }
  let out = '';
  let pos = 0;
  for (const c of candidates) {
    if (c.next === undefined) continue;
    out += value.slice(pos, c.start) + srcsetSafeUrl(c.next);
    pos = c.end;
  }
  return out + value.slice(pos);
}
