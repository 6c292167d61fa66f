import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { deadline } from './deadline.js';

describe('deadline', () => {
  it('aborts when its time runs out, and says so', async () => {
    const timed = deadline(5);
    await once(timed.signal, 'abort');
    expect(timed.timedOut).toBe(true);
    expect((timed.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('aborts with its parent, with the parent reason, and not as a timeout', () => {
    const parent = new AbortController();
    const timed = deadline(60_000, parent.signal);
    parent.abort(new Error('cancelled'));
    expect(timed.signal.aborted).toBe(true);
    expect((timed.signal.reason as Error).message).toBe('cancelled');
    expect(timed.timedOut).toBe(false);
    timed.dispose();
  });

  it('starts aborted under an aborted parent', () => {
    const parent = new AbortController();
    parent.abort();
    expect(deadline(60_000, parent.signal).signal.aborted).toBe(true);
  });

  it('lets go of its parent once disposed: a later abort of the parent does not reach it', () => {
    const parent = new AbortController();
    const timed = deadline(60_000, parent.signal);
    timed.dispose();
    parent.abort();
    expect(timed.signal.aborted).toBe(false);
  });
});
