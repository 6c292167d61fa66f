import * as z from 'zod/mini';
import { archiveOptionsSchema } from './options.js';
import { urlPatternOptions } from './url-pattern-options.js';

/** A site capture: every page option, plus how far the crawl may go and how politely. */
export const siteOptionsSchema = z.extend(archiveOptionsSchema, {
  /** Pages saved at most (the start page included). */
  maxPages: z._default(z.int().check(z.positive(), z.maximum(100_000)), 500),
  /** Links followed from the start page at most this many times. */
  maxDepth: z._default(z.int().check(z.minimum(0), z.maximum(100)), 10),
  /** `host` (default), `prefix` (under the start URL's folder) or `domain` (with subdomains). */
  scope: z._default(z.enum(['host', 'prefix', 'domain']), 'host'),
  /** Pages fetched at once per host (assets follow connectionsPerOrigin). */
  pageConcurrency: z._default(z.int().check(z.minimum(1), z.maximum(32)), 4),
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
