import { z } from 'zod';

/**
 * A job's life: queued → running → done | failed; a done job's file later expires. Its owner may
 * cancel it while it is queued or running.
 */
export const jobStatuses = ['queued', 'running', 'done', 'failed', 'expired', 'cancelled'] as const;
export const jobStatusSchema = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** Done, failed, expired or cancelled: nothing about the job changes any more. */
export function isFinalStatus(status: JobStatus): boolean {
  return status !== 'queued' && status !== 'running';
}
