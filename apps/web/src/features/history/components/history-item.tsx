import type { DownloadHistoryItem } from '@sitezip/contracts';
import { useState } from 'react';
import { Icon } from '../../../components/icon';
import { apiUrl } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-errors';
import { expiryLabel, formatSize, formatWhen, statusLabels } from '../format-history';

interface HistoryItemProps {
  item: DownloadHistoryItem;
  onDelete(id: string): Promise<void>;
}

/** One download: where from, how, when, its size and expiry, and what can be done with it. */
export function HistoryItem({ item, onDelete }: HistoryItemProps) {
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string>();
  const running = item.status === 'queued' || item.status === 'running';
  const expired = item.status === 'expired';
  const expiry = item.download_url || expired ? expiryLabel(item.expires_at, expired) : null;

  async function handleDelete() {
    setDeleting(true);
    setError(undefined);
    try {
      await onDelete(item.id);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.detail ? failure.detail : 'Could not delete this download.');
      setDeleting(false);
    }
  }

  return (
    <li className="history-item card" data-testid="history-item" data-status={item.status}>
      <div className="history-item__main">
        <p className="history-item__url" title={item.url}>
          {item.url}
        </p>
        <p className="history-item__meta">
          <span className={`history-item__status history-item__status--${item.status}`}>{statusLabels[item.status] ?? item.status}</span>
          <span>{item.mode === 'full' ? 'Full Website' : 'Single Page'}</span>
          {item.size_bytes !== null && <span>{formatSize(item.size_bytes)}</span>}
          <span>{formatWhen(item.created_at)}</span>
          {expiry && <span data-testid="history-expiry">{expiry}</span>}
        </p>
        {item.error && item.status !== 'cancelled' && <p className="history-item__error">{item.error}</p>}
        {error && (
          <p className="history-item__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="history-item__actions">
        {item.download_url && (
          <a className="button button--primary" href={apiUrl(item.download_url)} download={item.filename ?? 'website.zip'} target="_blank" rel="noopener">
            <Icon name="download" size={16} />
            Download
          </a>
        )}
        {item.preview_url && (
          <a className="button button--secondary" href={apiUrl(item.preview_url)} target="_blank" rel="noopener">
            Preview
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
        {!running && (
          <button type="button" className="button button--ghost" onClick={() => void handleDelete()} disabled={deleting} aria-label={`Delete download of ${item.url}`}>
            {deleting ? 'Deleting…' : 'Delete'}
          </button>
        )}
      </div>
    </li>
  );
}
