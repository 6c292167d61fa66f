import { z } from 'zod';
import { archiveOptionsSchema } from './options.js';

/** A site capture: every page option, plus how far the crawl may go and how politely. */
export const siteOptionsSchema = archiveOptionsSchema.extend({
  /** Pages saved at most (the start page included). */
  maxPages: z.number().int().positive().max(100_000).default(500),
  /** Links followed from the start page at most this many times. */
  maxDepth: z.number().int().min(0).max(100).default(10),
  /** `host` (default), `prefix` (under the start URL's folder) or `domain` (with subdomains). */
  scope: z.enum(['host', 'prefix', 'domain']).default('host'),
  /** Pages fetched at once per host (assets follow connectionsPerOrigin). */
  pageConcurrency: z.number().int().min(1).max(32).default(4),
  /** Obey robots.txt, meta robots and X-Robots-Tag. */
  respectRobots: z.boolean().default(true),
  /** Seed the crawl from the site's sitemaps. */
  useSitemaps: z.boolean().default(true),
  /** Distinct query strings followed per path (calendars, faceted search). */
  maxVariantsPerPath: z.number().int().positive().default(10),
});

export type SiteOptions = z.infer<typeof siteOptionsSchema>;
export type SiteOptionsInput = z.input<typeof siteOptionsSchema>;
