import { isPremium, validateUrl, type DownloadMode } from '@sitezip/contracts';
import { useState, type FormEvent } from 'react';
import { useSession } from '../../../lib/use-session';
import { downloadVariants, type DownloadVariantName } from '../download-variants';
import { useCreateDownload } from '../hooks/use-create-download';
import { defaultCrawlChoices, siteRequestOf } from '../crawl-choices';
import { CrawlOptions } from './crawl-options';
import { DownloadProgress } from './download-progress';
import { ErrorPanel } from './error-panel';
import { ModeOptions } from './mode-options';
import { ResultPanel } from './result-panel';
import { SubmitButton } from './submit-button';
import { UrlField } from './url-field';

/** The download form with its result or error underneath, worded for the page it is on. */
export function DownloadForm({ variant = 'landing' }: { variant?: DownloadVariantName }) {
  const copy = downloadVariants[variant];
  const [url, setUrl] = useState('');
  const [mode, setMode] = useState<DownloadMode>('single');
  const [crawl, setCrawl] = useState(defaultCrawlChoices);
  const [fieldError, setFieldError] = useState<string>();
  const session = useSession();
  const token = session?.token;
  const fullAllowed = copy.fullWebsiteForPremium && isPremium(session?.user?.subscription_status);
  const { state, start, reset, cancel, cancelling } = useCreateDownload({
    cannotConnectMessage: copy.cannotConnectMessage,
    token: copy.asUser ? token : undefined,
    place: variant,
  });
  const generating = state.status === 'generating';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (generating) return;
    const checked = validateUrl(url, copy.urlMessages);
    if (!checked.ok) {
      reset();
      setFieldError(checked.message);
      return;
    }
    setFieldError(undefined);
    // The address goes as typed: the server completes a missing scheme itself, and knows then
    // that it may try http:// when https cannot connect.
    const site = mode === 'full' ? siteRequestOf(crawl) : undefined;
    void start({ url: url.trim(), mode, ...(site ? { site } : {}) });
  }

  function handleUrlChange(value: string) {
    setUrl(value);
    setFieldError(undefined);
  }

  return (
    <div className={`download download--${variant}`}>
      <form className="download__form" noValidate aria-busy={generating} onSubmit={handleSubmit}>
        <div className="download__row">
          <UrlField value={url} error={fieldError} disabled={generating} onChange={handleUrlChange} />
          <SubmitButton
            generating={generating}
            generatingLabel={copy.generatingLabel}
            disabled={generating || url.trim() === ''}
          />
        </div>
        <div className="download__swap">
          <div data-hidden={generating || undefined}>
            <ModeOptions
              value={mode}
              fullAllowed={fullAllowed}
              unlockLink={session ? copy.unlockLinkSignedIn : copy.unlockLink}
              onChange={setMode}
            />
            {mode === 'full' && fullAllowed && <CrawlOptions value={crawl} onChange={setCrawl} />}
          </div>
          {state.status === 'generating' && (
            // In the mode choice's cell, under the progress: the form keeps its height.
            <div className="download__running">
              <DownloadProgress startedAt={state.startedAt} stage={state.stage} progress={state.progress} />
              <button type="button" className="button button--secondary download__cancel" onClick={cancel} disabled={cancelling}>
                {cancelling ? 'Cancelling…' : 'Cancel'}
              </button>
            </div>
          )}
        </div>
      </form>
      {state.status === 'cancelled' && (
        <p className="download__cancelled" role="status" data-testid="download-cancelled">
          Download cancelled.
        </p>
      )}
      {state.status === 'success' && <ResultPanel result={state.result} />}
      {state.status === 'error' && (
        <ErrorPanel message={state.message} title={copy.errorTitle} withTips={copy.errorTips} />
      )}
    </div>
  );
}
