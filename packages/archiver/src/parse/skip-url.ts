/** Schemes whose references point at nothing we could fetch or store. */
const INERT_SCHEMES = ['data:', 'about:', 'javascript:'];

/**
 * True when a reference (already trimmed and unescaped) names nothing to fetch:
 * empty, a same-document `#fragment` (e.g. SVG `url(#clip)`), or an inert scheme.
 */
export function isSkippedUrl(url: string): boolean {
  if (url === '' || url.startsWith('#')) return true;
  const lower = url.slice(0, 11).toLowerCase();
  return INERT_SCHEMES.some((scheme) => lower.startsWith(scheme));
}

function isAsciiWhitespace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
}

/**
 * Strip the ASCII whitespace that URL parsing ignores, and no other kind
 * (`String#trim` would also eat U+00A0, which is part of a URL).
 */
export function trimAsciiWhitespace(value: string): string {
  let start = 0;
  while (isAsciiWhitespace(value[start])) start++;
  return value.slice(start, trimmedEnd(value, start));
}

/** Strip trailing ASCII whitespace only. */
export function trimAsciiWhitespaceEnd(value: string): string {
  return value.slice(0, trimmedEnd(value, 0));
}

/**
 * End of `value` without its trailing whitespace, found by stepping back from the end: a regex
 * like `/\s+$/` retries at every whitespace run in the middle, quadratic on a long run.
 */
function trimmedEnd(value: string, start: number): number {
  let end = value.length;
  while (end > start && isAsciiWhitespace(value[end - 1])) end--;
  return end;
}
