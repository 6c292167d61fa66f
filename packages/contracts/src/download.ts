import { z } from 'zod';

export const downloadModes = ['single', 'full'] as const;
export type DownloadMode = (typeof downloadModes)[number];

/**
 * Whether the page is loaded in a browser first (render mode): `auto` renders a page that builds
 * itself with JavaScript and no other; `always` and `never` as they say.
 */
export const renderModes = ['auto', 'always', 'never'] as const;
export type RenderMode = (typeof renderModes)[number];

/**
 * How far a Full Website download goes, chosen by a premium user: the scope of the crawl, how many
 * links deep, how many pages at most (never past the plan's), and URL path patterns to leave out
 * (globs: `*` within a segment, `**` across; `/blog/**`, `*.pdf`).
 */
export const siteRequestSchema = z.object({
  scope: z.enum(['host', 'prefix', 'domain'], { error: 'scope must be "host", "prefix" or "domain"' }).optional(),
  max_depth: z.int({ error: 'max_depth must be a whole number from 0 to 100' }).min(0, 'max_depth must be a whole number from 0 to 100').max(100, 'max_depth must be a whole number from 0 to 100').optional(),
  max_pages: z.int({ error: 'max_pages must be a whole number, at least 1' }).min(1, 'max_pages must be a whole number, at least 1').optional(),
  exclude: z
    .array(z.string().trim().min(1, 'An exclude pattern cannot be empty').max(200, 'An exclude pattern is at most 200 characters'), {
      error: 'exclude must be a list of URL path patterns',
    })
    .max(20, 'At most 20 exclude patterns')
    .optional(),
});
export type SiteRequest = z.infer<typeof siteRequestSchema>;

/** Body of `POST /download` (and later `POST /jobs`). */
export const downloadRequestSchema = z.object({
  url: z.string({ error: 'Please enter a website URL' }).trim().min(1, 'Please enter a website URL').max(2048, 'URL is too long'),
  mode: z.enum(downloadModes, { error: 'mode must be "single" or "full"' }).default('single'),
  render: z.enum(renderModes, { error: 'render must be "auto", "always" or "never"' }).optional(),
  site: siteRequestSchema.optional(),
});
export type DownloadRequest = z.infer<typeof downloadRequestSchema>;

export const jobMetricsSchema = z.object({
  peak_memory_mb: z.number().nullable(),
  avg_cpu_percent: z.number().nullable(),
  max_cpu_percent: z.number().nullable(),
  duration_sec: z.number().nullable(),
});
export type JobMetrics = z.infer<typeof jobMetricsSchema>;

/** Response of `POST /download`, as the product specification names its fields. */
export const downloadResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  download_url: z.string(),
  preview_url: z.string().optional(),
  filename: z.string(),
  metrics: jobMetricsSchema.partial(),
});
export type DownloadResponse = z.infer<typeof downloadResponseSchema>;
