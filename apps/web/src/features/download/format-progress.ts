import type { JobProgress } from '@sitezip/contracts';
import type { GeneratingStage } from './download-state';

const KB = 1024;
const units = ['KB', 'MB', 'GB', 'TB'] as const;

/** "512 B", "12.3 KB", "4.5 MB": one decimal place, binary multiples. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < KB) return `${Math.max(0, Math.round(bytes) || 0)} B`;
  let value = bytes / KB;
  let unit = 0;
  while (value >= KB && unit < units.length - 1) {
    value /= KB;
    unit++;
  }
  // 1023.96 KB would round to "1024.0 KB"; show it as the next unit instead.
  if (value.toFixed(1) === '1024.0' && unit < units.length - 1) {
    value = 1;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** "12 / 40 resources". */
export function formatResources(done: number, found: number): string {
  return `${done} / ${found} ${found === 1 ? 'resource' : 'resources'}`;
}

/** "7 s", "1 min 05 s". */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  return `${minutes} min ${String(whole % 60).padStart(2, '0')} s`;
}

/** The line above the bar: what the server is doing now. */
export function progressHeadline(stage: GeneratingStage, progress: JobProgress | null): string {
  if (stage === 'submitting') return 'Starting…';
  if (stage === 'queued') return 'Waiting in the queue…';
  switch (progress?.phase) {
    case 'finishing':
    case 'done':
      return 'Writing the ZIP…';
    default:
      return 'Fetching resources…';
  }
}

/** Done over found as a fraction for the bar's width, 0 when nothing is known yet. */
export function progressRatio(progress: JobProgress | null): number {
  if (!progress || progress.found <= 0) return 0;
  return Math.min(1, Math.max(0, progress.done / progress.found));
}
