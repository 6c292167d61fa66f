import { planLimits, planOf, type DownloadMode } from '@sitezip/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/use-session';
import { useBulkDownload } from '../hooks/use-bulk-download';
import { parseUrlLines } from '../parse-url-lines';
import { BulkProgress } from './bulk-progress';
import './bulk-download.css';

/** Several sites at once (Yearly): one URL a line, then each site's progress and one combined ZIP. */
export function BulkDownload() {
  const session = useSession();
  const plan = planOf(session?.user?.subscription_status);
  const maxSites = planLimits[plan].bulkSites;
  const { state, start } = useBulkDownload(session?.token);
  const [text, setText] = useState('');
  const [mode, setMode] = useState<DownloadMode>('single');
  const [fieldError, setFieldError] = useState<string>();

  if (maxSites === 0) {
    return (
      <div className="upgrade" data-testid="bulk-upgrade">
        <p className="upgrade__text">
          <strong>Bulk download</strong> of up to {planLimits.yearly.bulkSites} sites at once is part of the Yearly plan.
        </p>
        <Link to="/#pricing" className="button button--primary">
          <Icon name="zap" size={18} />
          Upgrade to Yearly
        </Link>
      </div>
    );
  }

  const busy = state.status === 'submitting' || (state.status === 'following' && !['done', 'failed', 'expired'].includes(state.bulk.status));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const urls = parseUrlLines(text);
    if (urls.length === 0) return setFieldError('Please enter at least one website URL');
    if (urls.length > maxSites) return setFieldError(`You can download up to ${maxSites} sites at once.`);
    setFieldError(undefined);
    void start({ urls, mode });
  }

  const bulk = state.status === 'following' || state.status === 'error' ? state.bulk : undefined;
  return (
    <div className="bulk card">
      <form className="bulk__form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
        <div className="field">
          <label className="field__label" htmlFor="bulk-urls">
            Website URLs (one per line, up to {maxSites})
          </label>
          <textarea
            id="bulk-urls"
            className="field__input bulk__urls"
            rows={5}
            value={text}
            disabled={busy}
            placeholder={'example.com\nhttps://example.org/docs'}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'bulk-urls-error' : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setFieldError(undefined);
            }}
          />
          {fieldError && (
            <p id="bulk-urls-error" className="field__error" role="alert">
              {fieldError}
            </p>
          )}
        </div>
        <fieldset className="bulk__modes" disabled={busy}>
          <legend className="field__label">Download mode</legend>
          {(['single', 'full'] as const).map((value) => (
            <label key={value} className="bulk__mode">
              <input type="radio" name="bulk-mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
              {value === 'single' ? 'Single Page' : 'Full Website'}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={busy || text.trim() === ''}>
          {busy ? <Spinner /> : <Icon name="download" size={18} />}
          {busy ? 'Downloading sites...' : 'Download all'}
        </button>
      </form>
      {state.status === 'error' && (
        <div className="panel panel--error panel--compact" role="alert">
          <Icon name="alert" size={20} className="panel__icon" />
          <p className="panel__message">{state.message}</p>
        </div>
      )}
      {bulk && <BulkProgress bulk={bulk} />}
    </div>
  );
}
