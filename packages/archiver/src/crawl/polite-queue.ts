import { setTimeout as sleep } from 'node:timers/promises';
import PQueue from 'p-queue';

/**
 * Page requests to one host: at most `concurrency` at once and, under a Crawl-delay, at least
 * `delayMs` between the starts of two requests (a fixed-window rate limit would allow two
 * requests a moment apart across a window boundary).
 */
export class PoliteQueue {
  private readonly queue: PQueue;
  // Created just after the start page was fetched: the delay counts from it too.
  private lastStart = Date.now();

  constructor(
    concurrency: number,
    private readonly delayMs: number,
  ) {
    this.queue = new PQueue({ concurrency });
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.add(async () => {
      const wait = this.lastStart + this.delayMs - Date.now();
      if (wait > 0) await sleep(wait);
      this.lastStart = Date.now();
      return task();
    }) as Promise<T>;
  }
}

/** One politeness queue per origin, created on its first page: one page at a time under a Crawl-delay. */
export class PoliteQueues {
  private readonly queues = new Map<string, PoliteQueue>();

  constructor(private readonly concurrency: number) {}

  forUrl(url: string, delayMs: number | undefined): PoliteQueue {
    const origin = new URL(url).origin;
    let queue = this.queues.get(origin);
    if (!queue) {
      queue = new PoliteQueue(delayMs ? 1 : this.concurrency, delayMs ?? 0);
      this.queues.set(origin, queue);
    }
    return queue;
  }
}
