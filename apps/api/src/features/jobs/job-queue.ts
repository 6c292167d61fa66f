import { planLimits, planOf } from '@sitezip/contracts';
import PQueue from 'p-queue';

/** A job's place in the queue from its plan: monthly and yearly go ahead of free. */
export function queuePriority(plan: string | null | undefined): number {
  return planLimits[planOf(plan)].priority === 'high' ? 1 : 0;
}

/**
 * Runs jobs by id. Higher priority first, first come first served within a priority. The
 * embedded queue runs them in this process; the scaled one (BullMQ) hands them to workers.
 */
export interface JobQueue {
  enqueue(jobId: string, priority: number): Promise<void>;
  /** Jobs waiting, not yet running. */
  waitingCount(): Promise<number>;
  /** Drops a waiting job that was cancelled (a runner would skip it anyway). */
  discard(jobId: string): Promise<void>;
  close(): Promise<void>;
}

export class EmbeddedJobQueue implements JobQueue {
  private readonly queue: PQueue;

  constructor(
    concurrency: number,
    private readonly run: (jobId: string) => Promise<void>,
  ) {
    this.queue = new PQueue({ concurrency });
  }

  async enqueue(jobId: string, priority: number): Promise<void> {
    // run() records its own failures on the job; nothing may escape as an unhandled rejection.
    void this.queue.add(() => this.run(jobId).catch(() => undefined), { priority });
  }

  async waitingCount(): Promise<number> {
    return this.queue.size;
  }

  async discard(): Promise<void> {
    // p-queue cannot remove one entry; the runner refuses a cancelled job at once.
  }

  async close(): Promise<void> {
    this.queue.clear();
    await this.queue.onIdle();
  }
}
