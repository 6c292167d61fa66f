import type { Fetcher } from '../fetch/fetcher.js';

const LOC = /<loc>\s*(?:<!\[CDATA\[)?\s*([^<\]]+?)\s*(?:\]\]>)?\s*<\/loc>/gi;

function decodeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? _);
}

/** `<loc>` entries of a sitemap or sitemap index, and whether it is an index. */
export function parseSitemap(xml: string): { urls: string[]; isIndex: boolean } {
  const urls = [...xml.matchAll(LOC)].map((m) => decodeXml(m[1] ?? ''));
  return { urls, isIndex: /<sitemapindex[\s>]/i.test(xml) };
}

/**
 * Page URLs listed by sitemaps, following sitemap indexes one level deep, at most `limit`.
 * Sitemaps only seed the crawl; failures are ignored.
 */
export async function loadSitemapUrls(
  fetcher: Fetcher,
  sitemapUrls: readonly string[],
  limit: number,
  signal: AbortSignal,
): Promise<string[]> {
  const found: string[] = [];
  const visit = async (url: string, depth: number): Promise<void> => {
    if (found.length >= limit) return;
    try {
      const response = await fetcher.fetch(url, { signal });
      if (response.status >= 400) return;
      const { urls, isIndex } = parseSitemap(response.body.toString('utf8'));
      for (const entry of urls) {
        if (found.length >= limit) return;
        if (isIndex && depth === 0) await visit(entry, 1);
        else if (!isIndex) found.push(entry);
      }
    } catch {
      // A broken sitemap only means fewer seeds.
    }
  };
  for (const url of sitemapUrls) await visit(url, 0);
  return found;
}
