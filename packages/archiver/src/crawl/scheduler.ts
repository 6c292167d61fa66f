import PQueue from 'p-queue';

/**
 * Runs requests with at most `perOrigin` in flight per origin, highest priority first, FIFO
 * within a priority. Holding requests here (not in the HTTP pool's FIFO queue) is what lets a
 * stylesheet found late overtake images found early. An origin that pushes back (429, 503,
 * resets) gets half the concurrency, down to 2, as TCP does with congestion.
 */
export class OriginScheduler {
  private readonly queues = new Map<string, PQueue>();
  private readonly slowed = new Set<string>();

  constructor(private readonly perOrigin: number) {}

  run<T>(url: string, priority: number, task: () => Promise<T>): Promise<T> {
    return this.queueFor(url).add(task, { priority }) as Promise<T>;
  }

  slowDown(url: string): void {
    const queue = this.queueFor(url);
    this.slowed.add(new URL(url).origin);
    queue.concurrency = Math.max(2, Math.floor(queue.concurrency / 2));
  }

  /**
   * Sets an HTTP/2 origin's requests in flight to what its connection carries (more than over
   * HTTP/1.1, as in a browser, or fewer when the server says so); an origin that already pushed
   * back keeps its reduced share.
   */
  fitTo(url: string, inFlight: number): void {
    const queue = this.queueFor(url);
    if (this.slowed.has(new URL(url).origin)) queue.concurrency = Math.min(queue.concurrency, inFlight);
    else queue.concurrency = Math.max(1, inFlight);
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
