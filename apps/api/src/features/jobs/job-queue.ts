import PQueue from 'p-queue';

/**
 * Runs jobs by id. Higher priority first, first come first served within a priority. The
 * embedded queue runs them in this process; the scaled one hands them to worker processes.
 */
export interface JobQueue {
  enqueue(jobId: string, priority: number): void;
  /** Jobs waiting, not yet running. */
  readonly waiting: number;
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

  enqueue(jobId: string, priority: number): void {
    // run() records its own failures on the job; nothing may escape as an unhandled rejection.
    void this.queue.add(() => this.run(jobId).catch(() => undefined), { priority });
  }

  get waiting(): number {
    return this.queue.size;
  }

  async close(): Promise<void> {
    this.queue.clear();
    await this.queue.onIdle();
  }
}
