import type { CaptureProgress } from '@sitezip/archiver';
import type { DownloadResponse, JobProgress, JobView } from '@sitezip/contracts';
import type { JobRow } from '../../db/schema.js';

// The engine reports progress in a type of its own, and the API passes it on unchanged as the
// contracts' JobProgress (a job's `progress`, SSE `progress`): the two must stay one shape. A
// field added, removed or retyped on either side fails typecheck here.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export const engineProgressIsTheContract: Same<CaptureProgress, JobProgress> = true;

export function downloadResponse(row: JobRow): DownloadResponse | null {
  if (row.status !== 'done' || !row.result) return null;
  return {
    success: true,
    message: row.result.message,
    download_url: `/files/${row.id}`,
    preview_url: `/preview/${row.id}/`,
    filename: row.result.filename,
    metrics: row.result.metrics,
  };
}

/** A job as `GET /jobs/:id` shows it. */
export function toJobView(row: JobRow): JobView {
  return {
    id: row.id,
    status: row.status,
    mode: row.mode,
    url: row.url,
    progress: row.progress,
    result: downloadResponse(row),
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}
