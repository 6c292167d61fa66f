import * as z from 'zod/mini';
import { archiveOptionsSchema, NO_LIMIT } from './options.js';
import { urlPatternOptions } from './url-pattern-options.js';

/** A site capture: every page option, plus how far the crawl may go and how politely. */
export const siteOptionsSchema = z.extend(archiveOptionsSchema, {
  /**
   * Pages saved at most (the start page included). A whole site by default: a mirror is bounded
   * by bytes and time, and says which limit stopped it; the server passes its plans' limits.
   */
  maxPages: z._default(z.int().check(z.positive(), z.maximum(NO_LIMIT)), NO_LIMIT),
  /** Resources fetched at most, pages included: a site has many more than one page's 5,000. */
  maxResources: z._default(z.int().check(z.positive(), z.maximum(NO_LIMIT)), NO_LIMIT),
  /** Links followed from the start page at most this many times. */
  maxDepth: z._default(z.int().check(z.minimum(0), z.maximum(100)), 10),
  /** `host` (default), `prefix` (under the start URL's folder) or `domain` (with subdomains). */
  scope: z._default(z.enum(['host', 'prefix', 'domain']), 'host'),
  /**
   * Pages fetched at once per host (assets follow connectionsPerOrigin; all of them share its
   * connections). 8: a docs site at 40 ms a request is network-bound at 4 (100 pages/s at most).
   */
  pageConcurrency: z._default(z.int().check(z.minimum(1), z.maximum(32)), 8),
  /** Obey robots.txt, meta robots and X-Robots-Tag. */
  respectRobots: z._default(z.boolean(), true),
  /** Seed the crawl from the site's sitemaps. */
  useSitemaps: z._default(z.boolean(), true),
  /** Distinct query strings followed per path (calendars, faceted search). */
  maxVariantsPerPath: z._default(z.int().check(z.positive()), 10),
  ...urlPatternOptions,
});

export type SiteOptions = z.infer<typeof siteOptionsSchema>;
export type SiteOptionsInput = z.input<typeof siteOptionsSchema>;
