import { describe, expect, it } from 'vitest';
import { ArchiveError } from '../errors.js';
import { OriginScheduler } from './scheduler.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('OriginScheduler', () => {
  it('limits requests per origin and lets higher priorities overtake queued ones', async () => {
    const scheduler = new OriginScheduler(1);
    const order: string[] = [];
    const gate = deferred();
    const first = scheduler.run('http://a.test/1', 0, async () => {
      order.push('first');
      await gate.promise;
    });
    const image = scheduler.run('http://a.test/img', 1, async () => void order.push('image'));
    const css = scheduler.run('http://a.test/css', 3, async () => void order.push('css'));
    const other = scheduler.run('http://b.test/x', 0, async () => void order.push('other-origin'));
    await other;
    expect(order).toEqual(['first', 'other-origin']);
    gate.resolve();
    await Promise.all([first, image, css]);
    expect(order).toEqual(['first', 'other-origin', 'css', 'image']);
  });
});

describe('OriginScheduler.slowDown', () => {
  it('halves one origin concurrency down to 2', () => {
    const scheduler = new OriginScheduler(64);
    scheduler.slowDown('http://a.test/x');
    expect(scheduler.concurrencyOf('http://a.test/y')).toBe(32);
    for (let i = 0; i < 10; i++) scheduler.slowDown('http://a.test/');
    expect(scheduler.concurrencyOf('http://a.test/')).toBe(2);
    expect(scheduler.concurrencyOf('http://b.test/')).toBe(64);
  });
});

describe('OriginScheduler giving up', () => {
  const timeout = () => Promise.reject(new ArchiveError('TIMEOUT', 'ran out of time'));
  const outcomes = (results: PromiseSettledResult<unknown>[]) =>
    results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as Error).message.startsWith('Gave up') ? 'gave up' : 'timeout'));

  it('fails the waiting requests of an origin once more of its responses ran out of time than answered', async () => {
    const scheduler = new OriginScheduler(2);
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => scheduler.run(`http://a.test/${i}`, 0, timeout)));
    // Both in flight ran their course; none of the others started.
    expect(outcomes(results)).toEqual(['timeout', 'timeout', 'gave up', 'gave up', 'gave up', 'gave up']);
    expect(await scheduler.run('http://b.test/', 0, async () => 'other origin')).toBe('other origin');
  });

  it('gives an origin that answers four time-outs', async () => {
    const scheduler = new OriginScheduler(1);
    const tasks = [...Array.from({ length: 6 }, () => async () => 'ok'), ...Array.from({ length: 6 }, () => timeout)];
    const results = await Promise.allSettled(tasks.map((task, i) => scheduler.run(`http://a.test/${i}`, 0, task)));
    expect(outcomes(results)).toEqual([...Array(6).fill('ok'), ...Array(4).fill('timeout'), 'gave up', 'gave up']);
  });
});
