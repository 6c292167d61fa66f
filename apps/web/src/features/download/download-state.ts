import type { DownloadResponse, JobProgress } from '@sitezip/contracts';
import type { JobView } from './api/job-view';

/** Where a running attempt is: sending the request, waiting in the server's queue, capturing. */
export type GeneratingStage = 'submitting' | 'queued' | 'running';

export type DownloadState =
  | { status: 'idle' }
  | { status: 'generating'; startedAt: number; stage: GeneratingStage; progress: JobProgress | null }
  | { status: 'success'; result: DownloadResponse }
  | { status: 'error'; message: string }
  /** Stopped by the user (here, or elsewhere while this page followed it). */
  | { status: 'cancelled' };

export type DownloadAction =
  | { type: 'reset' }
  | { type: 'started'; at: number }
  | { type: 'job'; job: JobView }
  | { type: 'progress'; progress: JobProgress }
  | { type: 'succeeded'; result: DownloadResponse }
  | { type: 'failed'; message: string }
  | { type: 'cancelled' };

export const idleState: DownloadState = { status: 'idle' };

/**
 * The download form's life cycle: idle → generating → success | error. Starting again clears the
 * previous outcome; updates that arrive when no attempt is generating are ignored.
 */
export function downloadReducer(state: DownloadState, action: DownloadAction): DownloadState {
  switch (action.type) {
    case 'reset':
      return idleState;
    case 'started':
      return { status: 'generating', startedAt: action.at, stage: 'submitting', progress: null };
    case 'succeeded':
      return state.status === 'generating' ? { status: 'success', result: action.result } : state;
    case 'failed':
      return state.status === 'generating' ? { status: 'error', message: action.message } : state;
    case 'cancelled':
      return state.status === 'generating' ? { status: 'cancelled' } : state;
    case 'job': {
      if (state.status !== 'generating') return state;
      const { status, progress } = action.job;
      // A final status is turned into success or error by whoever follows the job.
      const stage = status === 'queued' || status === 'running' ? status : state.stage;
      return { ...state, stage, progress: progress ? mergeProgress(state.progress, progress) : state.progress };
    }
    case 'progress':
      if (state.status !== 'generating') return state;
      return { ...state, stage: 'running', progress: mergeProgress(state.progress, action.progress) };
  }
}

/**
 * Counters only grow during a capture, so a snapshot behind the one shown (a saved progress read
 * by polling after live events) is dropped rather than moving the bar backwards.
 */
export function mergeProgress(current: JobProgress | null, next: JobProgress): JobProgress {
  if (!current) return next;
  const behind = next.done < current.done || next.found < current.found || next.bytes < current.bytes;
  return behind ? current : next;
}
