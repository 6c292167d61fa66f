import { expect } from 'vitest';

/** A generous linear budget: fixed start-up time plus 5 µs per character of input. */
export function budgetMs(input: string): number {
  return 50 + input.length * 0.005;
}

/**
 * Expect `run` to finish within the linear budget for `input`. Time is this process's CPU time,
 * not the wall clock: on a machine busy with other processes (CI beside other test files) the
 * wall clock of a linear scan can grow many times, its CPU time does not. A pause of our own
 * (garbage collection) can still slow one run down, so a run somewhat over budget is measured
 * twice more and only the fastest counts: a quadratic scan is slow every time.
 */
export function expectLinearTime(name: string, input: string, run: () => unknown): void {
  const budget = budgetMs(input);
  let best = elapsedMs(run);
  for (let retry = 0; retry < 2 && best >= budget && best < 5 * budget; retry++) best = Math.min(best, elapsedMs(run));
  expect(best, `${name} on ${input.length} characters took ${best.toFixed(0)} ms, budget ${budget.toFixed(0)} ms`).toBeLessThan(budget);
}

function elapsedMs(run: () => unknown): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
