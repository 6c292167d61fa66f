import { describe, expect, it } from 'vitest';
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
