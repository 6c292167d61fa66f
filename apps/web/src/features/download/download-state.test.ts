import { describe, expect, it } from 'vitest';
import type { JobView } from './api/job-view';
import { downloadReducer, idleState, mergeProgress, type DownloadState } from './download-state';

const result = { success: true, message: 'Saved', download_url: '/files/a', filename: 'a.zip', metrics: {} };
const progress = (done: number, found: number, bytes = done * 100) => ({ phase: 'fetching' as const, found, done, failed: 0, bytes });
const job = (status: JobView['status'], jobProgress: JobView['progress'] = null): JobView => ({
  id: 'j1',
  status,
  progress: jobProgress,
  result: null,
  error: null,
});
const generating = downloadReducer(idleState, { type: 'started', at: 1000 });

describe('downloadReducer', () => {
  it('starts generating from any state, clearing the previous outcome', () => {
    const expected = { status: 'generating', startedAt: 1000, stage: 'submitting', progress: null };
    expect(generating).toEqual(expected);
    const failed: DownloadState = { status: 'error', message: 'x' };
    expect(downloadReducer(failed, { type: 'started', at: 1000 })).toEqual(expected);
    expect(downloadReducer({ status: 'success', result }, { type: 'started', at: 1000 })).toEqual(expected);
  });

  it('follows the job status and its progress', () => {
    const queued = downloadReducer(generating, { type: 'job', job: job('queued') });
    expect(queued).toMatchObject({ stage: 'queued', progress: null });
    const running = downloadReducer(queued, { type: 'progress', progress: progress(2, 10) });
    expect(running).toMatchObject({ stage: 'running', progress: progress(2, 10), startedAt: 1000 });
    const polled = downloadReducer(running, { type: 'job', job: job('running', progress(5, 12)) });
    expect(polled).toMatchObject({ stage: 'running', progress: progress(5, 12) });
    // A final status leaves the stage alone: success or error comes as its own action.
    expect(downloadReducer(polled, { type: 'job', job: job('done', progress(12, 12)) })).toMatchObject({ stage: 'running' });
  });

  it('ends in success or error, and ignores late updates', () => {
    const done = downloadReducer(generating, { type: 'succeeded', result });
    expect(done).toEqual({ status: 'success', result });
    expect(downloadReducer(done, { type: 'progress', progress: progress(1, 1) })).toBe(done);
    expect(downloadReducer(done, { type: 'failed', message: 'late' })).toBe(done);
    const failed = downloadReducer(generating, { type: 'failed', message: 'Site not found' });
    expect(failed).toEqual({ status: 'error', message: 'Site not found' });
    expect(downloadReducer(failed, { type: 'job', job: job('running') })).toBe(failed);
    expect(downloadReducer(idleState, { type: 'succeeded', result })).toBe(idleState);
    expect(downloadReducer(failed, { type: 'reset' })).toEqual(idleState);
  });

  it('ends cancelled only while generating', () => {
    const cancelled = downloadReducer(generating, { type: 'cancelled' });
    expect(cancelled).toEqual({ status: 'cancelled' });
    expect(downloadReducer(cancelled, { type: 'progress', progress: progress(1, 1) })).toBe(cancelled);
    const done = downloadReducer(generating, { type: 'succeeded', result });
    expect(downloadReducer(done, { type: 'cancelled' })).toBe(done);
    expect(downloadReducer(cancelled, { type: 'started', at: 5 })).toMatchObject({ status: 'generating', startedAt: 5 });
  });
});

describe('mergeProgress', () => {
  it('never moves backwards', () => {
    expect(mergeProgress(null, progress(1, 3))).toEqual(progress(1, 3));
    expect(mergeProgress(progress(1, 3), progress(2, 5))).toEqual(progress(2, 5));
    expect(mergeProgress(progress(4, 9), progress(2, 5))).toEqual(progress(4, 9));
    expect(mergeProgress(progress(4, 9, 900), progress(4, 9, 100))).toEqual(progress(4, 9, 900));
  });
});
