import { downloadResponseSchema, type DownloadResponse } from '@sitezip/contracts';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'expired';

/** A capture's counters as the server reports them (`progress` events and `GET /jobs/:id`). */
export interface JobProgress {
  phase: string;
  /** Resources discovered so far, the page included. */
  found: number;
  /** Resources finished, saved or failed. */
  done: number;
  failed: number;
  /** Bytes saved into the ZIP so far. */
  bytes: number;
  /** Full Website only: pages saved, and pages found so far. */
  pagesDone?: number;
  pagesQueued?: number;
}

/** The fields of a job (`POST /jobs`, `GET /jobs/:id`, SSE `status`/`done`/`failed`) the web app reads. */
export interface JobView {
  id: string;
  status: JobStatus;
  progress: JobProgress | null;
  /** The spec's download response, once the job is done. */
  result: DownloadResponse | null;
  error: string | null;
}

const statuses: readonly string[] = ['queued', 'running', 'done', 'failed', 'expired'] satisfies JobStatus[];

/** Thrown when a job body does not have the shape above. */
export class JobContractError extends Error {
  override readonly name = 'JobContractError';
}

export function isFinalStatus(status: JobStatus): boolean {
  return status !== 'queued' && status !== 'running';
}

/** Reads a job body, checking what the app relies on; unknown extra fields are ignored. */
export function parseJobView(body: unknown): JobView {
  if (!isRecord(body) || typeof body.id !== 'string' || body.id === '') {
    throw new JobContractError('The job has no id');
  }
  if (typeof body.status !== 'string' || !statuses.includes(body.status)) {
    throw new JobContractError(`Unknown job status: ${String(body.status)}`);
  }
  const result = body.result == null ? null : downloadResponseSchema.safeParse(body.result);
  if (result && !result.success) {
    throw new JobContractError('The job result is not a download response', { cause: result.error });
  }
  return {
    id: body.id,
    status: body.status as JobStatus,
    progress: body.progress == null ? null : parseJobProgress(body.progress),
    result: result?.data ?? null,
    error: typeof body.error === 'string' && body.error.trim() !== '' ? body.error : null,
  };
}

/** Reads a progress body; counters that are missing or not numbers count as 0. */
export function parseJobProgress(body: unknown): JobProgress {
  if (!isRecord(body)) throw new JobContractError('The progress is not an object');
  return {
    phase: typeof body.phase === 'string' ? body.phase : '',
    found: count(body.found),
    done: count(body.done),
    failed: count(body.failed),
    bytes: count(body.bytes),
    ...(typeof body.pagesQueued === 'number' ? { pagesDone: count(body.pagesDone), pagesQueued: count(body.pagesQueued) } : {}),
  };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
