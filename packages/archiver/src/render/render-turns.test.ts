import { describe, expect, it } from 'vitest';
import { nextTurns, renderTurns } from './render-turns.js';

const bounds = { base: 2, most: 4 };

describe('nextTurns', () => {
  it('grows by one while renders wait, the machine idles and the browser is small', () => {
    expect(nextTurns(2, { idle: 0.3, memory: 0.5, waiting: 3 }, bounds)).toBe(3);
    expect(nextTurns(3, { idle: 0.6, memory: 0.3, waiting: 1 }, bounds)).toBe(4);
  });

  it('never goes past two turns per core, nor below one', () => {
    expect(nextTurns(4, { idle: 0.9, memory: 0.1, waiting: 5 }, bounds)).toBe(4);
    expect(nextTurns(2, { idle: 0.05, memory: 0.9, waiting: 5 }, bounds)).toBe(2);
  });

  it('does not grow with nothing waiting, nor without knowing the browser memory', () => {
    expect(nextTurns(2, { idle: 0.9, memory: 0.1, waiting: 0 }, bounds)).toBe(2);
    expect(nextTurns(2, { idle: 0.9, memory: undefined, waiting: 4 }, bounds)).toBe(2);
  });

  it('shrinks by one when the machine is busy or the browser grows', () => {
    expect(nextTurns(4, { idle: 0.05, memory: 0.3, waiting: 4 }, bounds)).toBe(3);
    expect(nextTurns(4, { idle: 0.8, memory: 0.75, waiting: 4 }, bounds)).toBe(3);
  });

  it('holds between the thresholds', () => {
    expect(nextTurns(3, { idle: 0.15, memory: 0.3, waiting: 4 }, bounds)).toBe(3);
    expect(nextTurns(3, { idle: 0.8, memory: 0.62, waiting: 4 }, bounds)).toBe(3);
  });
});

describe('renderTurns', () => {
  it('starts at one turn per core and runs that many at once', async () => {
    const turns = renderTurns(() => 0.1, 2);
    expect(turns.concurrency).toBe(2);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const jobs = Array.from({ length: 3 }, () =>
      turns.add(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBe(2);
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(jobs);
    expect(most).toBe(2);
  });
});
