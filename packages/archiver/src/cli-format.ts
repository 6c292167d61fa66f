import type { CaptureProgress } from './capture/context.js';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function progressBar(progress: CaptureProgress, width = 24): string {
  const ratio = progress.found === 0 ? 0 : progress.done / progress.found;
  const filled = Math.round(ratio * width);
  const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
  const failed = progress.failed ? `, ${progress.failed} failed` : '';
  const pages = progress.pagesQueued ? `${progress.pagesDone ?? 0}/${progress.pagesQueued} pages, ` : '';
  return `[${bar}] ${pages}${progress.done}/${progress.found} resources${failed}, ${formatBytes(progress.bytes)}`;
}
