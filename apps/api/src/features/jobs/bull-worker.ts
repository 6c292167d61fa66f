import { isFinalStatus } from '@sitezip/contracts';
import { Worker, type ConnectionOptions } from 'bullmq';
import { runJob, type JobRunnerDeps } from './job-runner.js';
import { JOB_ATTEMPTS, QUEUE_NAME, type CaptureJobData } from './bull-job-queue.js';
import { withoutPaths } from './log-privacy.js';

export interface WorkerSettings {
  connection: ConnectionOptions;
  prefix: string;
  concurrency: number;
  lockMs: number;
}

/**
 * A worker process's consumer. BullMQ holds a lock on each job while it runs; when a worker
 * dies its jobs stall, and another worker picks them up (twice at most, then they fail).
 */
export function startCaptureWorker(deps: JobRunnerDeps, settings: WorkerSettings): Worker<CaptureJobData> {
  const worker = new Worker<CaptureJobData>(
    QUEUE_NAME,
    async (job) => runJob(deps, job.data.jobId, { canRetry: job.attemptsMade + 1 < JOB_ATTEMPTS }),
    {
      connection: settings.connection,
      prefix: settings.prefix,
      concurrency: settings.concurrency,
      lockDuration: settings.lockMs,
      stalledInterval: Math.max(1_000, Math.round(settings.lockMs / 3)),
      maxStalledCount: 2,
    },
  );
  worker.on('failed', (job, error) => {
    if (job && job.attemptsMade >= JOB_ATTEMPTS - 1) void failForGood(deps, job.data.jobId, error);
  });
  worker.on('error', (error) => deps.log.error({ err: error }, 'worker error'));
  return worker;
}

/** A job the queue gave up on (its workers kept dying, or it kept failing) is failed in the database too. */
async function failForGood(deps: JobRunnerDeps, jobId: string, error: Error): Promise<void> {
  const { jobs, events, log } = deps;
  try {
    const row = await jobs.get(jobId);
    if (row && !isFinalStatus(row.status)) {
      log.warn({ jobId, reason: withoutPaths(error.message) }, 'job failed after its retries');
      const failed = await jobs.markFailed(jobId, 'The download could not be completed after several attempts. Please try again later.', 503);
      events.publish(jobId, { type: 'finished' });
      // Its owner's held jobs and its bulk wait on it as on any other end.
      if (failed) await deps.afterJob?.(failed);
      await deps.checkpoints?.discard(jobId);
    }
  } catch (failure) {
    log.error({ err: failure, jobId }, 'could not record a failed job');
  }
}
