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

/**
 * Strip the ASCII whitespace that URL parsing ignores, and no other kind
 * (`String#trim` would also eat U+00A0, which is part of a URL).
 */
export function trimAsciiWhitespace(value: string): string {
  return value.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
}
