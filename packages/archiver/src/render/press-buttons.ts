import type { Page } from 'playwright-core';
import type { ExchangeRecorder } from './exchange-recorder.js';
import { call } from './in-page.js';
import { within } from './race.js';
import type { RenderStop } from './render-stop.js';
import { settle } from './settle.js';
import { trace } from '../trace.js';

// A "Load more" button asks for the next part of a list by an address its script computes
// (`'/api/notes?page=' + (page + 1)`): nothing in the page names it, and a render that never
// pressed the button recorded no answer, so offline the button did nothing (a failed request in a
// live copy). Once the page is read and pictured, the render presses such buttons, a few at most,
// each once, and records what they ask for: a live copy's layer then has the answer when its
// reader presses the button offline. Only GETs are sent meanwhile (a button that posts, deletes
// or buys is refused at the recorder: ExchangeRecorder.pressing); navigations, popups and dialogs
// are stopped as at any time of a render. What the presses change in the page is never read.

/** Presses at most (a button pressed again counts again), and the time they may take together (of what the render has left). */
const MAX_PRESSES = 6;
const MAX_PRESSES_MS = 3_000;
/** Buttons looked at in each round. */
const MAX_CANDIDATES = 8;
/** Presses in a row that asked for nothing, after which the rest are not made (a menu's "More" that only opens). */
const FRUITLESS_PRESSES = 2;
/** Quiet a press is given to ask for what it needs and show it, and how long it may take to get there. */
const PRESS_QUIET_MS = 300;
const PRESS_BUDGET_MS = 2_000;

/**
 * In the page: marks, in document order, the shown and enabled buttons whose label asks for more
 * of something (`Load more`, `Show all comments`, `Older posts`, `Next page`), at most `max`
 * (the marks of an earlier round taken off first), and answers their labels. A link that leads
 * somewhere is no such button (the capture follows links); one to `#` or `javascript:`, or
 * without an address, is. A form's submit button is not.
 */
export const MARK_MORE_BUTTONS = `(max) => {
  const more = /\\b(?:load|show|view|see|read|get|fetch|display)\\b[^.!?]{0,24}\\b(?:more|all|older|newer|next|previous|earlier|later|comments?|replies|answers|results|items|posts|entries|reviews|stories|articles)\\b|^(?:more|older|newer|earlier)\\b|^(?:next|previous)\\s+(?:page|results|posts|entries|items|articles|stories)\\b/i;
  const selector = 'button, input[type="button"], [role="button"], a[href="#"], a[href^="javascript:"], a:not([href])';
  for (const element of document.querySelectorAll('[data-sitezip-press]')) element.removeAttribute('data-sitezip-press');
  const labels = [];
  for (const element of document.querySelectorAll(selector)) {
    if (labels.length >= max) break;
    if (element.disabled || element.getAttribute('aria-disabled') === 'true') continue;
    if (element.form && (element.type === 'submit' || element.type === 'image')) continue;
    const shown = element.checkVisibility ? element.checkVisibility() : element.getClientRects().length > 0;
    if (!shown) continue;
    const label = String(element.getAttribute('aria-label') || element.innerText || element.value || element.title || '').replace(/\\s+/g, ' ').trim();
    if (!label || label.length > 60 || !more.test(label)) continue;
    element.setAttribute('data-sitezip-press', String(labels.length));
    labels.push(label);
  }
  return labels;
}`;

/** In the page: presses the button marked `index`. */
const PRESS = `(index) => {
  const element = document.querySelector('[data-sitezip-press="' + index + '"]');
  if (!element) return false;
  element.click();
  return true;
}`;

/**
 * The button to press next of those marked (`labels`): one whose label's last press asked for
 * something (the list's next part: "Load more" again), else one not pressed yet.
 */
export function nextPress(labels: readonly string[], pressed: ReadonlyMap<string, boolean>): number | undefined {
  const again = labels.findIndex((label) => pressed.get(label) === true);
  if (again >= 0) return again;
  const fresh = labels.findIndex((label) => !pressed.has(label));
  return fresh >= 0 ? fresh : undefined;
}

/**
 * Presses the page's "more" buttons (see above) within `leftMs()`, MAX_PRESSES and
 * MAX_PRESSES_MS, once `pictured` (the page's picture, which must not show what they do) has
 * come, and waits after each for what it asked for: a button whose press asked for something is
 * pressed again while it is there (a list's every part), the others once. The number of presses.
 */
export async function pressMoreButtons(page: Page, recorder: ExchangeRecorder, stop: RenderStop, leftMs: () => number, pictured?: Promise<unknown>): Promise<number> {
  const mark = async (ms: number): Promise<string[]> => {
    const marked = await within(page.evaluate(call(MARK_MORE_BUTTONS, MAX_CANDIDATES)).catch(() => []) as Promise<string[]>, Math.max(0, ms), stop.signal);
    return marked.done ? marked.value : [];
  };
  let labels = await mark(leftMs());
  if (labels.length === 0) return 0;
  await stop.race(pictured?.catch(() => undefined) ?? Promise.resolve());
  const until = performance.now() + Math.min(MAX_PRESSES_MS, Math.max(0, leftMs()) / 2);
  /** By label: whether its last press asked for something. */
  const pressed = new Map<string, boolean>();
  let presses = 0;
  let fruitless = 0;
  const asked = recorder.exchanges.length;
  recorder.pressing = true;
  try {
    while (presses < MAX_PRESSES && fruitless < FRUITLESS_PRESSES) {
      const index = nextPress(labels, pressed);
      const left = until - performance.now();
      if (index === undefined || left <= 0) break;
      const recorded = recorder.exchanges.length;
      const press = await within(page.evaluate(call(PRESS, index)).catch(() => false) as Promise<boolean>, left, stop.signal);
      if (!press.done || !press.value) break;
      presses++;
      await settle(page, recorder, { quietMs: PRESS_QUIET_MS, budgetMs: Math.min(PRESS_BUDGET_MS, Math.max(0, until - performance.now())) }, stop.signal);
      const fruitful = recorder.exchanges.length > recorded;
      pressed.set(labels[index]!, fruitful);
      fruitless = fruitful ? 0 : fruitless + 1;
      labels = await mark(until - performance.now());
    }
  } finally {
    recorder.pressing = false;
  }
  trace(`render: pressed ${presses} buttons for more, ${recorder.exchanges.length - asked} requests recorded`);
  return presses;
}
