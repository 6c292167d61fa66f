import PQueue from 'p-queue';

/**
 * Runs requests with at most `perOrigin` in flight per origin, highest priority first, FIFO
 * within a priority. Holding requests here (not in the HTTP pool's FIFO queue) is what lets a
 * stylesheet found late overtake images found early.
 */
export class OriginScheduler {
  private readonly queues = new Map<string, PQueue>();

  constructor(private readonly perOrigin: number) {}

  run<T>(url: string, priority: number, task: () => Promise<T>): Promise<T> {
    const origin = new URL(url).origin;
    let queue = this.queues.get(origin);
    if (!queue) {
      queue = new PQueue({ concurrency: this.perOrigin });
      this.queues.set(origin, queue);
    }
    return queue.add(task, { priority }) as Promise<T>;
  }
}
