import { expect } from 'vitest';

/** A generous linear budget: fixed start-up time plus 5 µs per character of input. */
export function budgetMs(input: string): number {
  return 50 + input.length * 0.005;
}

/**
 * Expect `run` to finish within the linear budget for `input`. A pause of the shared machine
 * (garbage collection, another process) can slow one run down, so a run somewhat over budget
 * is measured twice more and only the fastest counts: a quadratic scan is slow every time.
 */
export function expectLinearTime(name: string, input: string, run: () => unknown): void {
  const budget = budgetMs(input);
  let best = elapsedMs(run);
  for (let retry = 0; retry < 2 && best >= budget && best < 5 * budget; retry++) best = Math.min(best, elapsedMs(run));
  expect(best, `${name} on ${input.length} characters took ${best.toFixed(0)} ms, budget ${budget.toFixed(0)} ms`).toBeLessThan(budget);
}

function elapsedMs(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}
