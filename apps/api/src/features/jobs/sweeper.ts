import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from '../files/file-store.js';
import type { ZipPreview } from '../files/zip-preview.js';
import type { JobsRepository } from './jobs-repository.js';

/** Deletes ZIPs (and so their previews) once they expire; nothing is kept past the promise. */
export class Sweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly jobs: JobsRepository,
    private readonly store: FileStore,
    private readonly preview: ZipPreview,
    private readonly log: FastifyBaseLogger,
    /** Other files that expire (combined bulk ZIPs); each returns how many it deleted. */
    private readonly others: ReadonlyArray<(now: Date) => Promise<number>> = [],
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.sweep(), intervalMs);
    this.timer.unref();
    void this.sweep();
  }

  /** One pass; concurrent calls share it. Resolves with the number of files deleted. */
  sweep(now = new Date()): Promise<number> {
    this.running ??= this.pass(now).finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async pass(now: Date): Promise<number> {
    let deleted = 0;
    try {
      for (const row of await this.jobs.expired(now)) {
        this.preview.forget(row.id);
        await this.store.delete(row.id);
        await this.jobs.markExpired(row.id);
        deleted++;
      }
      for (const sweep of this.others) deleted += await sweep(now);
    } catch (error) {
      this.log.error({ err: error }, 'sweep failed');
    }
    if (deleted) this.log.info({ deleted }, 'expired downloads deleted');
    return deleted;
  }
}
