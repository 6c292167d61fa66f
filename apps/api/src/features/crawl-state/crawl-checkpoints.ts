import type { FastifyBaseLogger } from 'fastify';
import { CheckpointWriter, type CheckpointSettings } from './checkpoint-writer.js';
import type { CheckpointStore } from './checkpoint-store.js';
import { markGeneration, restoreCheckpoint } from './restore-checkpoint.js';
import { stateFiles } from './state-files.js';

/** One run of a Full Website job's capture, checkpointed once its capture process has opened its state. */
export interface CheckpointedRun {
  /** Called when the capture process says the run's journal and ZIP are open. */
  onStateOpened(): void;
  stop(): Promise<void>;
}

/**
 * Full Website jobs' crawl state copied to the object store as it grows, so that a job taken
 * over by a worker on another machine continues its crawl (scaled shape; the embedded server's
 * jobs only ever resume on the machine whose folder holds their state).
 */
export class CrawlCheckpoints {
  constructor(
    private readonly store: CheckpointStore,
    private readonly settings: CheckpointSettings,
  ) {}

  /**
   * Before a job's capture: rebuilds its state folder from the store when this machine's is
   * missing or older. Returns a starter for each run of the capture (the http fallback is a second).
   */
  async prepare(jobId: string, stateDir: string, log: FastifyBaseLogger): Promise<() => Promise<CheckpointedRun>> {
    const files = stateFiles(stateDir);
    const started = Date.now();
    const restored = await restoreCheckpoint(this.store, jobId, files).catch((error: unknown) => {
      // The crawl can still run (over, or from this machine's folder), without checkpoints.
      log.warn({ err: error }, 'could not restore the crawl from its checkpoints');
      return undefined;
    });
    if (!restored) return async () => ({ onStateOpened: () => undefined, stop: async () => undefined });
    if (restored.from === 'checkpoint') log.info({ zipBytes: restored.zipBytes, ms: Date.now() - started }, 'crawl state restored from checkpoints');
    let next = restored.next;
    return async () => {
      const generation = next++;
      await markGeneration(files, generation);
      const writer = new CheckpointWriter(this.store, jobId, files, generation, this.settings, log);
      return { onStateOpened: () => writer.start(), stop: () => writer.stop() };
    };
  }

  /** The job is over: nothing will continue its crawl. */
  async discard(jobId: string): Promise<void> {
    const names = (await this.store.list(jobId)).map(({ name }) => name);
    if (names.length) await this.store.delete(jobId, names);
  }

  /** Deletes the checkpoints of jobs that are over (a worker died before it could). Returns how many jobs' went. */
  async sweep(isOver: (jobId: string) => Promise<boolean>): Promise<number> {
    let swept = 0;
    for (const jobId of await this.store.jobs()) {
      if (!(await isOver(jobId))) continue;
      await this.discard(jobId);
      swept++;
    }
    return swept;
  }
}
