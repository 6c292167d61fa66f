import PQueue from 'p-queue';

/**
 * Runs jobs by id. Higher priority first, first come first served within a priority. The
 * embedded queue runs them in this process; the scaled one (BullMQ) hands them to workers.
 */
export interface JobQueue {
  enqueue(jobId: string, priority: number): Promise<void>;
  /** Jobs waiting, not yet running. */
  waitingCount(): Promise<number>;
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

  async close(): Promise<void> {
    this.queue.clear();
    await this.queue.onIdle();
  }
}
