import PQueue from 'p-queue';

/**
 * Runs requests with at most `perOrigin` in flight per origin, highest priority first, FIFO
 * within a priority. Holding requests here (not in the HTTP pool's FIFO queue) is what lets a
 * stylesheet found late overtake images found early. An origin that pushes back (429, 503,
 * resets) gets half the concurrency, down to 2, as TCP does with congestion.
 */
export class OriginScheduler {
  private readonly queues = new Map<string, PQueue>();

  constructor(private readonly perOrigin: number) {}

  run<T>(url: string, priority: number, task: () => Promise<T>): Promise<T> {
    return this.queueFor(url).add(task, { priority }) as Promise<T>;
  }

  slowDown(url: string): void {
    const queue = this.queueFor(url);
    queue.concurrency = Math.max(2, Math.floor(queue.concurrency / 2));
  }

  concurrencyOf(url: string): number {
    return this.queueFor(url).concurrency;
  }

  private queueFor(url: string): PQueue {
    const origin = new URL(url).origin;
    let queue = this.queues.get(origin);
    if (!queue) {
      queue = new PQueue({ concurrency: this.perOrigin });
      this.queues.set(origin, queue);
    }
    return queue;
  }
}
