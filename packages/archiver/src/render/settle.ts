import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { call, MS_SINCE_MUTATION } from './in-page.js';
import { raceSignal, within } from './race.js';

/** What says how long no request of the page has been in flight. */
export interface Network {
  quietForMs(): number;
}

/** Same-origin frames whose DOM counts towards the page's quiet, at most. */
const MAX_FRAMES = 8;

/**
 * How long the page's DOM has been still, its same-origin frames' included (a component
 * explorer's preview, an editor: the page's own content, built while the page itself is
 * still). Other sites' frames (ads, embeds, which may animate for ever) do not count.
 */
async function domQuietForMs(page: Page): Promise<number> {
  const main = page.mainFrame();
  const origin = originOf(main.url());
  const frames = page.frames().filter((frame) => frame !== main && origin !== undefined && originOf(frame.url()) === origin).slice(0, MAX_FRAMES);
  const quiet = await Promise.all([
    main.evaluate(call(MS_SINCE_MUTATION)) as Promise<number>,
    // A frame gone (navigated, removed) while asked says nothing.
    ...frames.map((frame) => (frame.evaluate(call(MS_SINCE_MUTATION)) as Promise<number>).catch(() => Infinity)),
  ]);
  return Math.min(...quiet);
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Waits until the page is quiet: no request in flight, no DOM mutation (its same-origin frames'
 * included) and no long task for `quietMs`, all at once. Gives up after `budgetMs` (false: a page that animates for ever is taken as it is);
 * rejects only when `signal` aborts (the render's hard cap).
 */
export async function settle(
  page: Page,
  network: Network,
  options: { quietMs: number; budgetMs: number; quieting?: { ms: number; call: () => void } | undefined },
  signal: AbortSignal,
): Promise<boolean> {
  const until = performance.now() + options.budgetMs;
  // Called once, the first time the page has been quiet for `quieting.ms` (less than `quietMs`).
  let quieting = options.quieting;
  for (;;) {
    const left = until - performance.now();
    if (left <= 0) return false;
    const dom = await within(domQuietForMs(page), left, signal);
    if (!dom.done) return false;
    const quiet = Math.min(dom.value, network.quietForMs());
    if (quieting && quiet >= quieting.ms) {
      quieting.call();
      quieting = undefined;
    }
    if (quiet >= options.quietMs) return true;
    const next = quieting && quieting.ms > quiet ? quieting.ms : options.quietMs;
    const wait = Math.min(Math.max(next - quiet, 50), until - performance.now());
    if (wait <= 0) return false;
    await raceSignal(delay(wait, undefined, { signal }).catch(() => undefined), signal);
  }
}
