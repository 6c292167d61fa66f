import type { SiteRequest } from '@sitezip/contracts';

/** The crawl options of the Full Website form, as typed. */
export interface CrawlChoices {
  scope: NonNullable<SiteRequest['scope']>;
  maxDepth: string;
  maxPages: string;
  /** One URL path pattern a line. */
  exclude: string;
}

export const defaultCrawlChoices: CrawlChoices = { scope: 'host', maxDepth: '', maxPages: '', exclude: '' };

/** What the form sends as `site`: only what the user chose (the server checks the rest); undefined for the defaults. */
export function siteRequestOf(choices: CrawlChoices): SiteRequest | undefined {
  const site: SiteRequest = {};
  if (choices.scope !== 'host') site.scope = choices.scope;
  const depth = wholeNumber(choices.maxDepth);
  if (depth !== undefined) site.max_depth = depth;
  const pages = wholeNumber(choices.maxPages);
  if (pages !== undefined) site.max_pages = pages;
  const exclude = choices.exclude
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (exclude.length > 0) site.exclude = exclude;
  return Object.keys(site).length > 0 ? site : undefined;
}

// An empty field is "no choice"; anything else goes as a number for the server to judge.
function wholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}
