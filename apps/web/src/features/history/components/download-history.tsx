import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { useSession } from '../../../lib/use-session';
import { HISTORY_PAGE_SIZE, useDownloadHistory } from '../hooks/use-download-history';
import { HistoryItem } from './history-item';
import './download-history.css';

/** The signed-in user's downloads: full history on Yearly, running and recent ones otherwise. */
export function DownloadHistory() {
  const token = useSession()?.token;
  const { state, page, setPage, remove } = useDownloadHistory(token);

  if (state.status === 'loading') return <p className="history__note">Loading your downloads…</p>;
  if (state.status === 'error') {
    return (
      <p className="history__note" role="alert">
        {state.message}
      </p>
    );
  }
  const { history } = state;
  const pages = Math.max(1, Math.ceil(history.total / HISTORY_PAGE_SIZE));
  return (
    <div className="history" data-testid="download-history">
      {history.items.length === 0 ? (
        <p className="history__note">No downloads yet. Your downloads appear here as you make them.</p>
      ) : (
        <ul className="history__list">
          {history.items.map((item) => (
            <HistoryItem key={item.id} item={item} onDelete={remove} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="history__pages" aria-label="History pages">
          <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
      {history.limited && history.upgrade_message && (
        <div className="upgrade" data-testid="history-upgrade">
          <p className="upgrade__text">{history.upgrade_message}</p>
          <Link to="/#pricing" className="button button--primary">
            <Icon name="zap" size={18} />
            Upgrade to Yearly
          </Link>
        </div>
      )}
    </div>
  );
}
