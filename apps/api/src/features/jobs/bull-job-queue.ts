import { Queue, type ConnectionOptions } from 'bullmq';
import type { JobQueue } from './job-queue.js';

export const QUEUE_NAME = 'captures';
/** Attempts per job: the first run and two more after a worker died or a retryable failure. */
export const JOB_ATTEMPTS = 3;

export interface CaptureJobData {
  jobId: string;
}

/** The scaled queue: API processes add jobs to Redis, worker processes on any machine run them. */
export class BullJobQueue implements JobQueue {
  private readonly queue: Queue<CaptureJobData>;

  constructor(connection: ConnectionOptions, prefix: string) {
    this.queue = new Queue<CaptureJobData>(QUEUE_NAME, { connection, prefix });
  }

  async enqueue(jobId: string, priority: number): Promise<void> {
    await this.queue.add(
      'capture',
      { jobId },
      {
        jobId,
        // BullMQ runs lower numbers first; plan priority is "higher first".
        priority: priority > 0 ? 1 : 10,
        attempts: JOB_ATTEMPTS,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: 1_000,
        removeOnFail: 1_000,
      },
    );
  }

  async waitingCount(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'prioritized', 'delayed');
    return (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0);
  }

  async discard(jobId: string): Promise<void> {
    // A job a worker holds is locked and stays; its runner stops it on the cancel event.
    await this.queue.remove(jobId).catch(() => undefined);
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
