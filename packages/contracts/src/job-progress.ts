import { z } from 'zod';

export const capturePhases = ['fetching', 'finishing', 'done'] as const;

// Progress is for display only: a reader shows a counter that is missing or broken as 0, and
// an unknown phase as fetching, rather than giving up on the job.
const counter = z.number().nonnegative().catch(0);

/**
 * A capture's counters as the server reports them (SSE `progress` events and a job's `progress`).
 * The engine's own progress type must stay this shape: the API checks that at compile time.
 */
export const jobProgressSchema = z.object({
  phase: z.enum(capturePhases).catch('fetching'),
  /** Resources discovered so far, the page included. */
  found: counter,
  /** Resources finished, saved or failed. */
  done: counter,
  failed: counter,
  /** Bytes saved into the ZIP so far. */
  bytes: counter,
  /** Full Website only: pages saved so far, and pages admitted (saved or waiting). */
  pagesDone: counter.optional(),
  pagesQueued: counter.optional(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;
