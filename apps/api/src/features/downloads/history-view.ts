import type { DownloadHistoryItem } from '@sitezip/contracts';
import type { JobRow } from '../../db/schema.js';

/** A job as the history lists it; links only while its ZIP still exists. */
export function toHistoryItem(row: JobRow, now = Date.now()): DownloadHistoryItem {
  const available = row.status === 'done' && row.result !== null && (!row.expiresAt || row.expiresAt.getTime() > now);
  return {
    id: row.id,
    url: row.url,
    mode: row.mode,
    // The sweeper marks expired files in passes; the history says so from the moment they are due.
    status: row.status === 'done' && !available ? 'expired' : row.status,
    size_bytes: row.result?.zipBytes ?? null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    download_url: available ? `/files/${row.id}` : null,
    preview_url: available ? `/preview/${row.id}/` : null,
    filename: row.result?.filename ?? null,
    error: row.error,
    bulk_id: row.bulkId,
  };
}
