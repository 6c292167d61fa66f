import { isFinalStatus, type DownloadResponse, type JobProgress } from '@sitezip/contracts';
import { ApiError, NetworkError } from '../../lib/api-errors';
import { DownloadFailedError } from './api/create-download';
import { getJob } from './api/get-job';
import type { JobView } from './api/job-view';
import { watchJobEvents } from './api/watch-job-events';

export const POLL_INTERVAL_MS = 1000;
/** Polls in a row that may fail (no answer, 5xx, 429) before giving up. */
export const MAX_POLL_FAILURES = 5;

export interface FollowJobHooks {
  /** A newer view of the job: its status and saved progress. */
  onJob(job: JobView): void;
  onProgress(progress: JobProgress): void;
  signal: AbortSignal;
}

/**
 * Follows a job until it is finished and returns the final view. It listens to the event stream;
 * if the stream drops before the end, it asks `GET /jobs/:id` every second instead.
 */
export async function followJob(job: JobView, hooks: FollowJobHooks): Promise<JobView> {
  if (isFinalStatus(job.status)) return job;
  const streamed = await streamUntilFinished(job.id, hooks);
  return streamed ?? pollUntilFinished(job.id, hooks);
}

/** The download a finished job produced, or DownloadFailedError with the server's reason. */
export function downloadOf(job: JobView): DownloadResponse {
  if (job.status === 'done' && job.result?.success) return job.result;
  throw new DownloadFailedError(job.error ?? (job.result?.success === false ? job.result.message : undefined));
}

/** Resolves with the final job, or undefined when the stream dropped first. */
function streamUntilFinished(jobId: string, hooks: FollowJobHooks): Promise<JobView | undefined> {
  const { onJob, onProgress, signal } = hooks;
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const onAbort = () => {
      close();
      reject(signal.reason);
    };
    const settle = (job: JobView | undefined) => {
      signal.removeEventListener('abort', onAbort);
      resolve(job);
    };
    const close = watchJobEvents(jobId, {
      onStatus: onJob,
      onProgress,
      // A final event for a job that is not final would be a server bug; the poll will tell.
      onFinish: (job) => settle(isFinalStatus(job.status) ? job : undefined),
      onDrop: () => settle(undefined),
    });
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function pollUntilFinished(jobId: string, { onJob, signal }: FollowJobHooks): Promise<JobView> {
  for (let failures = 0; ; ) {
    try {
      const job = await getJob(jobId, signal);
      if (isFinalStatus(job.status)) return job;
      failures = 0;
      onJob(job);
    } catch (error) {
      if (signal.aborted || !isTransient(error) || ++failures >= MAX_POLL_FAILURES) throw error;
    }
    await delay(POLL_INTERVAL_MS, signal);
  }
}

function isTransient(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && (error.status >= 500 || error.status === 429));
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
