import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { call, MS_SINCE_MUTATION } from './in-page.js';
import { raceSignal, within } from './race.js';

/** What says how long no request of the page has been in flight. */
export interface Network {
  quietForMs(): number;
}

/**
 * Waits until the page is quiet: no request in flight and no DOM mutation for `quietMs`, both
 * at once. Gives up after `budgetMs` (false: a page that animates for ever is taken as it is);
 * rejects only when `signal` aborts (the render's hard cap).
 */
export async function settle(
  page: Page,
  network: Network,
  options: { quietMs: number; budgetMs: number },
  signal: AbortSignal,
): Promise<boolean> {
  const until = performance.now() + options.budgetMs;
  for (;;) {
    const left = until - performance.now();
    if (left <= 0) return false;
    const dom = await within(page.evaluate(call(MS_SINCE_MUTATION)) as Promise<number>, left, signal);
    if (!dom.done) return false;
    const quiet = Math.min(dom.value, network.quietForMs());
    if (quiet >= options.quietMs) return true;
    const wait = Math.min(Math.max(options.quietMs - quiet, 50), until - performance.now());
    if (wait <= 0) return false;
    await raceSignal(delay(wait, undefined, { signal }).catch(() => undefined), signal);
  }
}
