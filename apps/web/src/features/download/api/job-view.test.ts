import { describe, expect, it } from 'vitest';
import { JobContractError, parseJobProgress, parseJobView } from './job-view';

const result = {
  success: true,
  message: 'Saved 3 files',
  download_url: '/files/abc',
  preview_url: '/preview/abc/',
  filename: 'a.zip',
  metrics: {},
};
const progress = { phase: 'done', found: 3, done: 3, failed: 0, bytes: 10 };

describe('parseJobView', () => {
  it('reads what the app uses and ignores the rest', () => {
    const body = { id: 'abc', status: 'done', mode: 'single', progress, result, error: null, created_at: 'x' };
    expect(parseJobView(body)).toEqual({ id: 'abc', status: 'done', progress, result, error: null });
    expect(parseJobView({ id: 'abc', status: 'failed', error: 'Site not found' })).toEqual({
      id: 'abc',
      status: 'failed',
      progress: null,
      result: null,
      error: 'Site not found',
    });
  });

  it('rejects bodies that are not jobs', () => {
    const broken = [
      null,
      'text',
      {},
      { id: 'a' },
      { id: 'a', status: 'paused' },
      { id: 'a', status: 'done', result: { success: 'yes' } },
    ];
    for (const body of broken) expect(() => parseJobView(body)).toThrow(JobContractError);
  });
});

describe('parseJobProgress', () => {
  it('reads counters, treating missing or broken ones as 0 and an unknown phase as fetching', () => {
    expect(parseJobProgress({ ...progress, phase: 'fetching' })).toEqual({ ...progress, phase: 'fetching' });
    expect(parseJobProgress({ found: '4', done: -1 })).toEqual({ phase: 'fetching', found: 0, done: 0, failed: 0, bytes: 0 });
    expect(() => parseJobProgress(7)).toThrow(JobContractError);
  });
});
