import type { JobProgress } from '@sitezip/contracts';
import type { GeneratingStage } from '../download-state';
import { formatBytes, formatElapsed, formatResources, progressHeadline, progressRatio } from '../format-progress';
import { useElapsedSeconds } from '../hooks/use-elapsed-seconds';
import './download-progress.css';

interface DownloadProgressProps {
  startedAt: number;
  stage: GeneratingStage;
  progress: JobProgress | null;
}

/**
 * Live progress of a capture: resources done of found, bytes saved, time elapsed. Until the first
 * resource is found the bar is indeterminate. Every line has a fixed height, so nothing moves as
 * the numbers grow.
 */
export function DownloadProgress({ startedAt, stage, progress }: DownloadProgressProps) {
  const elapsed = useElapsedSeconds(startedAt);
  const counted = progress !== null && progress.found > 0 ? progress : null;
  const resources = counted ? formatResources(counted.done, counted.found) : 'Looking for resources…';
  const bytes = formatBytes(progress?.bytes ?? 0);
  const failed = progress?.failed ?? 0;

  return (
    <div className="download-progress" data-testid="download-progress">
      <div className="download-progress__line">
        <p className="download-progress__headline">{progressHeadline(stage, progress)}</p>
        <p className="download-progress__elapsed" data-testid="progress-elapsed">
          {formatElapsed(elapsed)} elapsed
        </p>
      </div>
      <div
        className="progress-bar"
        role="progressbar"
        aria-label="Download progress"
        aria-valuemin={0}
        aria-valuemax={counted?.found}
        aria-valuenow={counted?.done}
        aria-valuetext={counted ? `${resources}, ${bytes}` : undefined}
        data-indeterminate={counted ? undefined : true}
      >
        <span className="progress-bar__fill" style={{ width: `${progressRatio(counted) * 100}%` }} />
      </div>
      <p className="download-progress__line download-progress__stats">
        <span data-testid="progress-resources">
          {progress?.pagesQueued ? `${progress.pagesDone ?? 0} / ${progress.pagesQueued} pages · ` : ''}
          {resources}
        </span>
        <span data-testid="progress-bytes">
          {bytes}
          {failed > 0 && ` · ${failed} failed`}
        </span>
      </p>
    </div>
  );
}
