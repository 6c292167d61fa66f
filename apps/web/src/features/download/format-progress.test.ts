import type { JobProgress } from '@sitezip/contracts';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatElapsed, formatResources, progressHeadline, progressRatio } from './format-progress';

const progress = (done: number, found: number, phase: JobProgress['phase'] = 'fetching'): JobProgress => ({ phase, found, done, failed: 0, bytes: 0 });

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [12_595, '12.3 KB'],
    [1024 * 1024 - 1, '1.0 MB'],
    [4.5 * 1024 * 1024, '4.5 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
    [-5, '0 B'],
    [Number.NaN, '0 B'],
  ])('%d bytes read as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('formatResources', () => {
  it('shows done over found', () => {
    expect(formatResources(12, 40)).toBe('12 / 40 resources');
    expect(formatResources(0, 1)).toBe('0 / 1 resource');
  });
});

describe('formatElapsed', () => {
  it.each([
    [0, '0 s'],
    [7.9, '7 s'],
    [59, '59 s'],
    [65, '1 min 05 s'],
    [600, '10 min 00 s'],
  ])('%d seconds read as %s', (seconds, text) => {
    expect(formatElapsed(seconds)).toBe(text);
  });
});

describe('progressHeadline', () => {
  it('says what the server is doing', () => {
    expect(progressHeadline('submitting', null)).toBe('Starting…');
    expect(progressHeadline('queued', null)).toMatch(/Waiting/);
    expect(progressHeadline('running', null)).toMatch(/Fetching/);
    expect(progressHeadline('running', progress(3, 4, 'finishing'))).toMatch(/Writing the ZIP/);
  });
});

describe('progressRatio', () => {
  it('is done over found, within 0..1', () => {
    expect(progressRatio(null)).toBe(0);
    expect(progressRatio(progress(0, 0))).toBe(0);
    expect(progressRatio(progress(10, 40))).toBe(0.25);
    expect(progressRatio(progress(5, 4))).toBe(1);
  });
});
