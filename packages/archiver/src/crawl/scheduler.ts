import PQueue from 'p-queue';
import { ArchiveError, isArchiveError } from '../errors.js';

/** Resources of one origin that ran out of time before the origin is given up on, whatever else it answered. */
export const TIMEOUTS_BEFORE_GIVING_UP = 4;

/**
 * Runs requests with at most `perOrigin` in flight per origin, highest priority first, FIFO
 * within a priority. Holding requests here (not in the HTTP pool's FIFO queue) is what lets a
 * stylesheet found late overtake images found early. An origin that pushes back (429, 503,
 * resets) gets half the concurrency, down to 2, as TCP does with congestion. An origin whose
 * responses run out of time (a server that trickles or hangs) is given up on once more of them
 * did than answered, or 4 did: its requests still waiting fail at once, so a page of 1,000
 * trickling images costs one resource deadline, not one per round of `perOrigin` requests.
 */
export class OriginScheduler {
  private readonly queues = new Map<string, PQueue>();
  private readonly slowed = new Set<string>();
  private readonly timeouts = new Map<string, number>();
  private readonly answered = new Map<string, number>();

  constructor(
    private readonly perOrigin: number,
    private readonly timeoutsBeforeGivingUp = TIMEOUTS_BEFORE_GIVING_UP,
  ) {}

  run<T>(url: string, priority: number, task: () => Promise<T>): Promise<T> {
    return this.queueFor(originOf(url)).add(() => this.unlessGivenUp(url, task), { priority }) as Promise<T>;
  }

  /**
   * `task`, or a TIMEOUT at once when `url`'s origin was given up on (pages of a site capture
   * ask here too). The task's outcome is counted before its slot is free: counted later, each
   * request of a round that timed out together would let one more start, for one more deadline.
   */
  unlessGivenUp<T>(url: string, task: () => Promise<T>): Promise<T> {
    const origin = originOf(url);
    const timeouts = this.timeouts.get(origin) ?? 0;
    if (timeouts >= this.timeoutsBeforeGivingUp || timeouts > (this.answered.get(origin) ?? 0)) {
      const host = new URL(origin).host;
      return Promise.reject(new ArchiveError('TIMEOUT', `Gave up on ${host}: ${timeouts} of its responses ran out of time (timeout).`));
    }
    return task().then(
      (result) => {
        this.answered.set(origin, (this.answered.get(origin) ?? 0) + 1);
        return result;
      },
      (error: unknown) => {
        if (isArchiveError(error) && error.code === 'TIMEOUT') this.timeouts.set(origin, timeouts + 1);
        throw error;
      },
    );
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
