import type { BulkView, JobView } from '@sitezip/contracts';
import { Icon } from '../../../components/icon';
import { apiUrl } from '../../../lib/api-client';

const statusWords: Readonly<Record<string, string>> = {
  queued: 'Waiting',
  running: 'Downloading',
  done: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** Each site's progress, its own ZIP when ready, and the combined ZIP once every site is over. */
export function BulkProgress({ bulk }: { bulk: BulkView }) {
  return (
    <section className="bulk-progress" aria-label="Bulk download progress" data-testid="bulk-progress">
      <ul className="bulk-progress__sites">
        {bulk.jobs.map((job) => (
          <SiteProgress key={job.id} job={job} />
        ))}
      </ul>
      {bulk.status === 'running' && <p className="bulk-progress__note">The combined ZIP is made when every site is done.</p>}
      {bulk.status === 'zipping' && <p className="bulk-progress__note">Putting every site into one ZIP…</p>}
      {bulk.status === 'failed' && bulk.error && <p className="bulk-progress__note bulk-progress__note--error">{bulk.error}</p>}
      {bulk.zip && (
        <div className="panel panel--success" data-testid="bulk-result">
          <p className="panel__message">All sites are in one ZIP: a folder per site and an index.html linking them.</p>
          <a className="button button--primary" data-testid="bulk-zip-link" href={apiUrl(bulk.zip.download_url)} download={bulk.zip.filename} target="_blank" rel="noopener">
            <Icon name="download" size={18} />
            Download all as one ZIP
          </a>
        </div>
      )}
    </section>
  );
}

function SiteProgress({ job }: { job: JobView }) {
  const progress = job.progress;
  const ratio = job.status === 'done' ? 1 : progress && progress.found > 0 ? Math.min(1, progress.done / progress.found) : 0;
  return (
    <li className="bulk-site" data-testid="bulk-site" data-status={job.status}>
      <div className="bulk-site__line">
        <span className="bulk-site__url" title={job.url}>
          {job.url}
        </span>
        <span className="bulk-site__status">{statusWords[job.status] ?? job.status}</span>
      </div>
      <div
        className="progress-bar"
        role="progressbar"
        aria-label={`Progress of ${job.url}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(ratio * 100)}
        data-indeterminate={job.status === 'running' && !progress?.found ? true : undefined}
      >
        <span className="progress-bar__fill" style={{ width: `${ratio * 100}%` }} />
      </div>
      {job.error && <p className="bulk-site__error">{job.error}</p>}
      {job.result && (
        <a className="bulk-site__link" href={apiUrl(job.result.download_url)} download={job.result.filename} target="_blank" rel="noopener">
          {job.result.filename}
        </a>
      )}
    </li>
  );
}
