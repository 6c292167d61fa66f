import type { DownloadResponse } from '@sitezip/contracts';
import type { JobProgress, JobRow } from '../../db/schema.js';

/** A job as `GET /jobs/:id` shows it. */
export interface JobView {
  id: string;
  status: string;
  mode: string;
  url: string;
  progress: JobProgress | null;
  /** The spec's download response, once the job is done. */
  result: DownloadResponse | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
}

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
