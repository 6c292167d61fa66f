import { describe, expect, it } from 'vitest';
import { WorkQueue } from './work-queue.js';

describe('WorkQueue', () => {
  it('starts the work once per key and shares the promise', async () => {
    const queue = new WorkQueue<number>();
    let started = 0;
    let release!: (value: number) => void;
    const work = () => {
      started++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const first = queue.get('a', work);
    const second = queue.get('a', work);
    expect(started).toBe(1);
    release(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(await queue.get('b', async () => 8)).toBe(8);
    expect(queue.size).toBe(2);
  });
});
