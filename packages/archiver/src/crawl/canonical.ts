const SESSION_PARAMS = /^(jsessionid|phpsessid|sid|sessionid|session_id|aspsessionid\w*|cfid|cftoken|zenid|osCsid|s)$/i;
const INDEX_FILE = /\/(index|default)\.(html?|php|aspx?|jsp)$/i;

/**
 * The one key of a page however it is linked: fragment, default port, session ids and index
 * files dropped, query parameters sorted, and `/about` = `/about/` = `/about/index.html`.
 * Undefined for URLs that are not http(s) pages.
 */
export function canonicalPageUrl(reference: string, base?: string): string | undefined {
  let url: URL;
  try {
    url = new URL(reference, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  url.pathname = url.pathname.replace(/;jsessionid=[^/]*/i, '').replace(INDEX_FILE, '/');
  const last = url.pathname.split('/').pop() ?? '';
  if (last !== '' && !last.includes('.')) url.pathname += '/';
  const params = [...url.searchParams].filter(([name]) => !SESSION_PARAMS.test(name));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = new URLSearchParams(params).toString();
  return url.href;
}
