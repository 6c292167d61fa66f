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
    return this.queueFor(originOf(url)).add(task, { priority }) as Promise<T>;
  }

  slowDown(url: string): void {
    const origin = originOf(url);
    const queue = this.queueFor(origin);
    this.slowed.add(origin);
    queue.concurrency = Math.max(2, Math.floor(queue.concurrency / 2));
  }

  /**
   * Sets an HTTP/2 origin's requests in flight to what its connection carries (more than over
   * HTTP/1.1, as in a browser, or fewer when the server says so); an origin that already pushed
   * back keeps its reduced share.
   */
  fitTo(url: string, inFlight: number): void {
    const origin = originOf(url);
    const queue = this.queueFor(origin);
    const wanted = this.slowed.has(origin) ? Math.min(queue.concurrency, inFlight) : Math.max(1, inFlight);
    // Called for every HTTP/2 response: most calls change nothing.
    if (queue.concurrency !== wanted) queue.concurrency = wanted;
  }

  concurrencyOf(url: string): number {
    return this.queueFor(originOf(url)).concurrency;
  }

  private queueFor(origin: string): PQueue {
    let queue = this.queues.get(origin);
    if (!queue) {
      queue = new PQueue({ concurrency: this.perOrigin });
      this.queues.set(origin, queue);
    }
    return queue;
  }
}

function originOf(url: string): string {
  return new URL(url).origin;
}
