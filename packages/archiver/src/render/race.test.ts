import { afterEach, describe, expect, it, vi } from 'vitest';
import { raceSignal, settlesWithin, within } from './race.js';

const never = () => new Promise<never>(() => undefined);

afterEach(() => {
  vi.useRealTimers();
});

describe('waits that a hung page cannot hold', () => {
  it('settlesWithin: true when the promise settles either way in time, false when it hangs', async () => {
    vi.useFakeTimers();
    expect(await settlesWithin(Promise.resolve(1), 100)).toBe(true);
    expect(await settlesWithin(Promise.reject(new Error('x')), 100)).toBe(true);
    const hung = settlesWithin(never(), 100);
    await vi.advanceTimersByTimeAsync(100);
    expect(await hung).toBe(false);
  });

  it('raceSignal: rejects with the signal’s reason, and the loser’s later rejection goes nowhere', async () => {
    const controller = new AbortController();
    let fail: (error: Error) => void = () => undefined;
    const loser = new Promise<never>((_, reject) => (fail = reject));
    const raced = raceSignal(loser, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(raced).rejects.toThrow('stopped');
    fail(new Error('late')); // would be an unhandled rejection if nobody listened
    await expect(raceSignal(Promise.resolve(2), new AbortController().signal)).resolves.toBe(2);
  });

  it('within: the value in time, { done: false } when the time is up, the reason when aborted', async () => {
    vi.useFakeTimers();
    const signal = new AbortController().signal;
    expect(await within(Promise.resolve('v'), 50, signal)).toEqual({ done: true, value: 'v' });
    const late = within(never(), 50, signal);
    await vi.advanceTimersByTimeAsync(50);
    expect(await late).toEqual({ done: false });
    await expect(within(never(), 50, AbortSignal.abort(new Error('cap')))).rejects.toThrow('cap');
  });
});
