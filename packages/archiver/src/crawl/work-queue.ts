/**
 * One in-flight promise per key: the first caller starts the work, every later caller for
 * the same key waits on that same promise, so a URL referenced twice is fetched once.
 */
export class WorkQueue<T> {
  private readonly entries = new Map<string, Promise<T>>();

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string, start: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = start();
      this.entries.set(key, entry);
    }
    return entry;
  }
}
