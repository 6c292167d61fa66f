import type { BulkView } from '@sitezip/contracts';
import type { BulkRow, JobRow } from '../../db/schema.js';
import { toJobView } from '../jobs/job-view.js';

export function bulkZipFilename(row: BulkRow): string {
  return `sitezip-bulk-${row.createdAt.toISOString().slice(0, 10)}.zip`;
}

/** A bulk as `POST /bulk` and `GET /bulk/:id` show it. */
export function toBulkView(row: BulkRow, jobs: JobRow[]): BulkView {
  const ready = row.status === 'done' && (!row.expiresAt || row.expiresAt.getTime() > Date.now());
  return {
    id: row.id,
    status: row.status,
    mode: row.mode,
    jobs: jobs.map(toJobView),
    zip: ready ? { download_url: `/bulk/${row.id}/zip`, filename: bulkZipFilename(row), size_bytes: row.zipBytes ?? 0 } : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}
