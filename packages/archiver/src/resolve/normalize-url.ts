/**
 * The key under which a URL is fetched once: absolute, http(s) only, without fragment.
 * The WHATWG parser already lower-cases scheme and host and drops default ports.
 * Returns undefined for references that are not fetchable (data:, mailto:, broken).
 */
export function normalizeUrl(reference: string, base: string): string | undefined {
  const trimmed = reference.trim();
  if (!trimmed || trimmed.startsWith('#')) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  return url.href;
}

/** The fragment of a reference ('#x' or ''), kept on rewritten links. */
export function fragmentOf(reference: string): string {
  const index = reference.indexOf('#');
  return index >= 0 ? reference.slice(index) : '';
}
