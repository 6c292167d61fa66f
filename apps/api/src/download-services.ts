import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { BulkService } from './features/bulk/bulk-service.js';
import { BulksRepository } from './features/bulk/bulks-repository.js';
import { HistoryRepository } from './features/downloads/history-repository.js';
import type { FileStore } from './features/files/file-store.js';
import { CancelTokens } from './features/jobs/cancel-tokens.js';
import { HeldJobs } from './features/jobs/held-jobs.js';
import { JobCanceller, type AfterJob } from './features/jobs/job-cancel.js';
import type { JobEvents } from './features/jobs/job-events.js';
import type { JobQueue } from './features/jobs/job-queue.js';
import type { JobsRepository } from './features/jobs/jobs-repository.js';

/** History, cancel and bulk: what they share with the rest of the services, wired once. */
export interface DownloadServices {
  cancelTokens: CancelTokens;
  canceller: JobCanceller;
  held: HeldJobs;
  bulks: BulksRepository;
  bulkService: BulkService;
  history: HistoryRepository;
  /** Whoever ends a job (its runner, a cancel) calls this with the final row. */
  afterJob: AfterJob;
  /** After a restart (embedded mode): held jobs whose slots are free, bulks left unfinished. */
  resume(): Promise<void>;
}

export interface DownloadServicesDeps {
  config: Readonly<Config>;
  db: Db;
  jobs: JobsRepository;
  queue: JobQueue;
  events: JobEvents;
  store: FileStore;
  secret: string;
  log: FastifyBaseLogger;
}

export function createDownloadServices(deps: DownloadServicesDeps): DownloadServices {
  const { config, db, jobs, queue, events, store, log } = deps;
  const held = new HeldJobs(db, (id, priority) => queue.enqueue(id, priority));
  const bulks = new BulksRepository(db);
  const bulkService = new BulkService({ bulks, held, queue, store, queueMax: config.jobs.queueMax, fileTtlMs: config.jobs.fileTtlMs, log });
  const afterJob: AfterJob = async (row) => {
    if (row.ownerId) await held.release(row.ownerId);
    await bulkService.jobEnded(row);
  };
  const cancelTokens = new CancelTokens(deps.secret);
  return {
    cancelTokens,
    canceller: new JobCanceller(jobs, queue, events, cancelTokens, afterJob),
    held,
    bulks,
    bulkService,
    history: new HistoryRepository(db),
    afterJob,
    async resume() {
      for (const owner of await held.owners()) await held.release(owner);
      await bulkService.resume();
    },
  };
}
