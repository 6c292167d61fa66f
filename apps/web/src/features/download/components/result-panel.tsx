import type { DownloadResponse } from '@sitezip/contracts';
import { useId } from 'react';
import { Icon } from '../../../components/icon';
import { apiUrl } from '../../../lib/api-client';
import { useRevealOnMount } from '../hooks/use-reveal-on-mount';
import { MetricsList } from './metrics-list';

export function ResultPanel({ result }: { result: DownloadResponse }) {
  const headingId = useId();
  // Focus goes to the heading, which announces the result.
  const { panel, focus: heading } = useRevealOnMount<HTMLElement, HTMLHeadingElement>();
  const filename = result.filename.trim() || 'website.zip';

  return (
    <section className="panel panel--success" data-testid="result-panel" aria-labelledby={headingId} ref={panel}>
      <div className="panel__header">
        <Icon name="checkCircle" size={22} className="panel__icon" />
        <h2 id={headingId} className="panel__title" tabIndex={-1} ref={heading}>
          Your ZIP is ready
        </h2>
      </div>
      {result.message && <p className="panel__message">{result.message}</p>}
      <div className="panel__actions">
        <a
          data-testid="download-link"
          className="button button--primary"
          href={apiUrl(result.download_url)}
          target="_blank"
          rel="noopener"
          download={filename}
        >
          <Icon name="download" size={18} />
          <span>
            Download <span className="filename">{filename}</span>
          </span>
        </a>
        {result.preview_url && (
          <a className="button button--secondary" href={apiUrl(result.preview_url)} target="_blank" rel="noopener">
            Preview
            <Icon name="external" size={16} />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </div>
      <MetricsList metrics={result.metrics} />
    </section>
  );
}
