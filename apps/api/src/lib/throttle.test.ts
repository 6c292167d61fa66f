import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttleLatest } from './throttle.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('throttleLatest', () => {
  it('thins a burst but delivers its last value after the interval', () => {
    const seen: number[] = [];
    const throttled = throttleLatest((n: number) => seen.push(n), 100);
    throttled.push(1);
    throttled.push(2);
    throttled.push(3);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([1, 3]);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([1, 3]);
    throttled.push(4);
    expect(seen).toEqual([1, 3, 4]);
  });

  it('flushes the pending value at once, and cancel drops it', () => {
    const seen: number[] = [];
    const throttled = throttleLatest((n: number) => seen.push(n), 100);
    throttled.push(1);
    throttled.push(2);
    throttled.flush();
    expect(seen).toEqual([1, 2]);
    throttled.push(3);
    throttled.cancel();
    vi.advanceTimersByTime(500);
    expect(seen).toEqual([1, 2]);
  });
});
