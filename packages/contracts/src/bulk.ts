import { z } from 'zod';
import { downloadModes } from './download.js';
import { jobViewSchema } from './job-view.js';

/** Body of `POST /bulk`: one job per URL; how many a plan allows is `planLimits[plan].bulkSites`. */
export const bulkRequestSchema = z.object({
  urls: z
    .array(z.string({ error: 'Each URL must be a string' }).trim().min(1, 'Please enter a website URL').max(2048, 'URL is too long'), {
      error: 'urls must be a list of website addresses',
    })
    .min(1, 'Please enter at least one website URL'),
  mode: z.enum(downloadModes, { error: 'mode must be "single" or "full"' }).default('single'),
});
export type BulkRequest = z.infer<typeof bulkRequestSchema>;

/** A bulk's combined ZIP: running while any site is, then done (or failed), later expired. */
export const bulkStatuses = ['running', 'zipping', 'done', 'failed', 'expired'] as const;
export const bulkStatusSchema = z.enum(bulkStatuses);
export type BulkStatus = z.infer<typeof bulkStatusSchema>;

/** Response of `POST /bulk` and `GET /bulk/:id`. */
export const bulkViewSchema = z.object({
  id: z.string(),
  status: bulkStatusSchema,
  mode: z.enum(downloadModes),
  /** One job per site, in the order the URLs were given. */
  jobs: z.array(jobViewSchema),
  /** The combined ZIP (a folder per site and an index.html linking them), once it is ready. */
  zip: z
    .object({ download_url: z.string(), filename: z.string(), size_bytes: z.number() })
    .nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type BulkView = z.infer<typeof bulkViewSchema>;

/** Done, failed or expired: the bulk does not change any more. */
export function isFinalBulkStatus(status: BulkStatus): boolean {
  return status === 'done' || status === 'failed' || status === 'expired';
}
