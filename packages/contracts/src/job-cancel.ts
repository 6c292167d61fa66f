import { z } from 'zod';
import { jobViewSchema } from './job-view.js';

/**
 * `POST /jobs` answers with the job and a cancel token: the capability of whoever created it to
 * cancel it, the only one an anonymous creator has. It is shown once and never again.
 */
export const createdJobSchema = jobViewSchema.extend({ cancel_token: z.string().min(1) });
export type CreatedJob = z.infer<typeof createdJobSchema>;

/**
 * Body of `POST /jobs/:id/cancel`. A signed-in owner may send their Bearer token instead of the
 * job's cancel token.
 */
export const cancelJobRequestSchema = z.object({
  cancel_token: z.string({ error: 'cancel_token must be a string' }).max(200, 'cancel_token is too long').optional(),
});
export type CancelJobRequest = z.infer<typeof cancelJobRequestSchema>;

/** The message a cancelled job carries as its error. */
export const JOB_CANCELLED_MESSAGE = 'The download was cancelled.';
