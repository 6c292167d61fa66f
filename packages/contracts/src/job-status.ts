import { z } from 'zod';

/** A job's life: queued → running → done | failed; a done job's file later expires. */
export const jobStatuses = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export const jobStatusSchema = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** Done, failed or expired: nothing about the job changes any more. */
export function isFinalStatus(status: JobStatus): boolean {
  return status !== 'queued' && status !== 'running';
}
