import { z } from 'zod';
import { downloadModes, downloadResponseSchema } from './download.js';
import { jobProgressSchema } from './job-progress.js';
import { jobStatusSchema } from './job-status.js';

/** A job as `POST /jobs`, `GET /jobs/:id` and the final SSE events show it. */
export const jobViewSchema = z.object({
  id: z.string().min(1),
  status: jobStatusSchema,
  mode: z.enum(downloadModes),
  url: z.string(),
  /** The capture's latest saved counters; null before it starts. */
  progress: jobProgressSchema.nullable().default(null),
  /** The spec's download response, once the job is done. */
  result: downloadResponseSchema.nullable().default(null),
  /** Why the job failed, in words for the user. */
  error: z.string().nullable().default(null),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type JobView = z.infer<typeof jobViewSchema>;
