import { describe, expect, it } from 'vitest';
import { isFinalStatus, jobStatuses } from './job-status.js';
import { jobProgressSchema } from './job-progress.js';
import { jobViewSchema } from './job-view.js';
import { userSchema } from './user.js';

const job = {
  id: 'abc',
  status: 'running',
  mode: 'single',
  url: 'https://example.com/',
  progress: { phase: 'fetching', found: 3, done: 1, failed: 0, bytes: 10 },
  result: null,
  error: null,
  created_at: '2026-01-02T03:04:05.000Z',
  started_at: '2026-01-02T03:04:06.000Z',
  finished_at: null,
  expires_at: null,
};

describe('jobViewSchema', () => {
  it('reads a job as the API shows it', () => {
    expect(jobViewSchema.parse(job)).toEqual(job);
    const { progress: _p, result: _r, error: _e, ...bare } = job;
    expect(jobViewSchema.parse(bare)).toMatchObject({ progress: null, result: null, error: null });
  });

  it('knows every status and which are final', () => {
    expect(jobStatuses.filter(isFinalStatus)).toEqual(['done', 'failed', 'expired', 'cancelled']);
    expect(jobViewSchema.safeParse({ ...job, status: 'paused' }).success).toBe(false);
    expect(jobViewSchema.safeParse({ ...job, id: '' }).success).toBe(false);
  });
});

describe('jobProgressSchema', () => {
  it('keeps site counters and reads broken ones as 0', () => {
    const site = { phase: 'finishing', found: 9, done: 9, failed: 1, bytes: 5, pagesDone: 2, pagesQueued: 3 };
    expect(jobProgressSchema.parse(site)).toEqual(site);
    expect(jobProgressSchema.parse({ phase: 'later', found: Number.NaN, done: -2 })).toEqual({
      phase: 'fetching',
      found: 0,
      done: 0,
      failed: 0,
      bytes: 0,
    });
  });
});

describe('userSchema', () => {
  it('reads an absent plan as free (null)', () => {
    expect(userSchema.parse({ id: 'u1', name: 'Ada', email: 'a@b.co', created_at: 'x' }).subscription_status).toBeNull();
    expect(userSchema.safeParse({ id: 1, name: 'Ada', email: 'a@b.co', created_at: 'x' }).success).toBe(false);
  });
});
