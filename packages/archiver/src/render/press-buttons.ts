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

/** Buttons pressed at most, and the time they may take together (of what the render has left). */
const MAX_PRESSES = 4;
/** Presses in a row that asked for nothing, after which the rest are not made (a menu's "More" that only opens). */
const FRUITLESS_PRESSES = 2;
const MAX_PRESSES_MS = 3_000;
/** Quiet a press is given to ask for what it needs and show it, and how long it may take to get there. */
const PRESS_QUIET_MS = 300;
const PRESS_BUDGET_MS = 2_000;

/**
 * In the page: marks, in document order, the shown and enabled buttons whose label asks for more
 * of something (`Load more`, `Show all comments`, `Older posts`, `Next`), at most `max`, and
 * answers how many. A link that leads somewhere is no such button (the capture follows links);
 * one to `#` or `javascript:`, or without an address, is. A form's submit button is not.
 */
export const MARK_MORE_BUTTONS = `(max) => {
  const more = /\\b(?:load|show|view|see|read|get|fetch|display)\\b[^.!?]{0,24}\\b(?:more|all|older|newer|next|previous|earlier|later|comments?|replies|answers|results|items|posts|entries|reviews|stories|articles)\\b|^(?:more|older|newer|earlier)\\b|^(?:next|previous)\\s+(?:page|results|posts|entries|items|articles|stories)\\b/i;
  const selector = 'button, input[type="button"], [role="button"], a[href="#"], a[href^="javascript:"], a:not([href])';
  let marked = 0;
  for (const element of document.querySelectorAll(selector)) {
    if (marked >= max) break;
    if (element.disabled || element.getAttribute('aria-disabled') === 'true') continue;
    if (element.form && (element.type === 'submit' || element.type === 'image')) continue;
    const shown = element.checkVisibility ? element.checkVisibility() : element.getClientRects().length > 0;
    if (!shown) continue;
    const label = String(element.getAttribute('aria-label') || element.innerText || element.value || element.title || '').replace(/\\s+/g, ' ').trim();
    if (!label || label.length > 60 || !more.test(label)) continue;
    element.setAttribute('data-sitezip-press', String(marked));
    marked++;
  }
  return marked;
}`;

/** In the page: presses the button marked `index`, when it is still there and shown. */
const PRESS = `(index) => {
  const element = document.querySelector('[data-sitezip-press="' + index + '"]');
  if (!element || !element.isConnected || (element.checkVisibility && !element.checkVisibility())) return false;
  element.click();
  return true;
}`;

/**
 * Presses the page's "more" buttons (see above) within `leftMs()` and MAX_PRESSES_MS, each once,
 * once `pictured` (the page's picture, which must not show what they do) has come, and waits
 * after each for what it asked for: the number of buttons pressed.
 */
export async function pressMoreButtons(page: Page, recorder: ExchangeRecorder, stop: RenderStop, leftMs: () => number, pictured?: Promise<unknown>): Promise<number> {
  const found = await within(page.evaluate(call(MARK_MORE_BUTTONS, MAX_PRESSES)).catch(() => 0) as Promise<number>, Math.max(0, leftMs()), stop.signal);
  if (!found.done || found.value === 0) return 0;
  await stop.race(pictured?.catch(() => undefined) ?? Promise.resolve());
  const until = performance.now() + Math.min(MAX_PRESSES_MS, Math.max(0, leftMs()) / 2);
  let pressed = 0;
  let fruitless = 0;
  const asked = recorder.exchanges.length;
  recorder.pressing = true;
  try {
    for (let index = 0; index < found.value; index++) {
      const left = until - performance.now();
      if (left <= 0) break;
      const press = await within(page.evaluate(call(PRESS, index)).catch(() => false) as Promise<boolean>, left, stop.signal);
      if (!press.done || !press.value) continue;
      pressed++;
      const before = recorder.exchanges.length + recorder.blocked.length;
      await settle(page, recorder, { quietMs: PRESS_QUIET_MS, budgetMs: Math.min(PRESS_BUDGET_MS, Math.max(0, until - performance.now())) }, stop.signal);
      fruitless = recorder.exchanges.length + recorder.blocked.length > before ? 0 : fruitless + 1;
      if (fruitless >= FRUITLESS_PRESSES) break;
    }
  } finally {
    recorder.pressing = false;
  }
  trace(`render: pressed ${pressed} buttons for more, ${recorder.exchanges.length - asked} requests recorded`);
  return pressed;
}
