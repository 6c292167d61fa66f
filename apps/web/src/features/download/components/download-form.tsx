import type { DownloadMode } from '@sitezip/contracts';
import { useState, type FormEvent } from 'react';
import { useCreateDownload } from '../hooks/use-create-download';
import { validateLandingUrl } from '../validate-landing-url';
import { ErrorPanel } from './error-panel';
import { ModeOptions } from './mode-options';
import { ResultPanel } from './result-panel';
import { SubmitButton } from './submit-button';
import { UrlField } from './url-field';

/** The landing page's download form with its result or error underneath. */
export function DownloadForm() {
  const [url, setUrl] = useState('');
  const [mode, setMode] = useState<DownloadMode>('single');
  const [fieldError, setFieldError] = useState<string>();
  const { state, start, reset } = useCreateDownload();
  const generating = state.status === 'generating';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (generating) return;
    const checked = validateLandingUrl(url);
    if (!checked.ok) {
      reset();
      setFieldError(checked.message);
      return;
    }
    setFieldError(undefined);
    void start({ url: checked.url, mode });
  }

  function handleUrlChange(value: string) {
    setUrl(value);
    setFieldError(undefined);
  }

  return (
    <div className="download">
      <form className="download__form" noValidate aria-busy={generating} onSubmit={handleSubmit}>
        <div className="download__row">
          <UrlField value={url} error={fieldError} disabled={generating} onChange={handleUrlChange} />
          <SubmitButton generating={generating} disabled={generating || url.trim() === ''} />
        </div>
        <ModeOptions value={mode} onChange={setMode} />
      </form>
      {state.status === 'success' && <ResultPanel result={state.result} />}
      {state.status === 'error' && <ErrorPanel message={state.message} />}
    </div>
  );
}
