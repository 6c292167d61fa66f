import type { Page } from 'playwright-core';
import type { ExchangeRecorder } from './exchange-recorder.js';
import { call } from './in-page.js';
import { IN_ROOTS, MARK_BUTTONS, PRESS_ANSWER_MS, waitForQuiet, type PressOutcome } from './press-buttons.js';
import { within } from './race.js';
import type { RenderStop } from './render-stop.js';
import { trace } from '../trace.js';

// A tab, a disclosure, a "Details" or "Show changelog" button, a menu of choices may fetch what
// it shows by an address only its script knows (`$('#log').load('fragments/changelog.html')`, a
// tab's JSON, `'/api/stock?region=' + menu.value`): offline, in a live copy, it failed. Once the
// page is read, pictured and its "more" buttons pressed (press-buttons.ts), the render presses
// each other control once (a menu: each of its choices), all of a round
// together, and records what they ask for by GET: a live copy's layer then answers its reader's
// own press. A control shown only by another's press (a dialog's button) is pressed in the next
// round. Controls whose label says they act for the reader are never pressed (MARK_BUTTONS).
// A round that asked for nothing leaves its controls' labels unpressed on the capture's later
// pages (`fruitless`): a site's every page has the same menu toggle and "Copy" buttons, and each
// page of a mirror waited out the quiet after them.

/** Controls pressed at most, in rounds of at most this many, and the time all may take (of what the render has left). */
const MAX_PRESSES = 24;
const ROUNDS = 2;
const MAX_PRESSES_MS = 2_000;
/** How long after a round nothing must be asked for (the network quiet), the round's requests answered. */
const PRESS_QUIET_MS = 250;
/** Fruitless labels passed to a page to leave unpressed, at most (the latest). */
const MAX_SKIPPED = 200;

/** Choices of a menu (`<select>`) made at most, besides the one it shows. */
const MAX_CHOICES = 8;

/**
 * In the page: presses every control marked, in document order, and marks it pressed; a menu
 * (`<select>`) has each of its other choices made in turn (`input` and `change`, as a reader's
 * choice fires them: a region's stock, a version's data), then its own made again.
 */
const PRESS_MARKED = `() => {
  ${IN_ROOTS}
  const choose = (menu, index) => {
    menu.selectedIndex = index;
    menu.dispatchEvent(new Event('input', { bubbles: true }));
    menu.dispatchEvent(new Event('change', { bubbles: true }));
  };
  let pressed = 0;
  for (const element of inRoots('[data-sitezip-press]')) {
    element.removeAttribute('data-sitezip-press');
    element.setAttribute('data-sitezip-pressed', '');
    if (element.tagName === 'SELECT') {
      const shown = element.selectedIndex;
      const others = [...element.options].map((option, index) => (option.disabled || index === shown ? -1 : index)).filter((index) => index >= 0);
      for (const index of others.slice(0, ${MAX_CHOICES})) choose(element, index);
      if (shown >= 0) choose(element, shown);
    } else element.click();
    pressed++;
  }
  return pressed;
}`;

/**
 * Presses the page's other controls (see above) within `leftMs()`, MAX_PRESSES and
 * MAX_PRESSES_MS, once `pictured` has come, none whose label is `fruitless`, and waits after
 * each round until the network has been quiet for PRESS_QUIET_MS since the round: what its
 * presses asked for is recorded.
 */
export async function pressOtherControls(
  page: Page,
  recorder: ExchangeRecorder,
  stop: RenderStop,
  leftMs: () => number,
  pictured: Promise<unknown> | undefined,
  fruitless: Set<string>,
): Promise<PressOutcome> {
  // The page's picture must not show what the presses do.
  await stop.race(pictured?.catch(() => undefined) ?? Promise.resolve());
  const until = performance.now() + Math.min(MAX_PRESSES_MS, Math.max(0, leftMs()) / 2);
  // How long the page may take to answer: what is left of the presses' time, and never less than PRESS_ANSWER_MS.
  const answerMs = () => Math.max(until - performance.now(), PRESS_ANSWER_MS);
  const asked = recorder.exchanges.length;
  let presses = 0;
  recorder.pressing = true;
  try {
    for (let round = 0; round < ROUNDS && presses < MAX_PRESSES; round++) {
      const marked = await within(page.evaluate(call(MARK_BUTTONS, { max: MAX_PRESSES - presses, kind: 'other', skip: [...fruitless].slice(-MAX_SKIPPED) })) as Promise<string[]>, answerMs(), stop.signal);
      if (!marked.done) return { presses, hung: true };
      if (marked.value.length === 0) break;
      const recorded = recorder.activity();
      const pressed = await within(page.evaluate(call(PRESS_MARKED)) as Promise<number>, answerMs(), stop.signal);
      if (!pressed.done) return { presses, hung: true };
      presses += pressed.value;
      await waitForQuiet(recorder, performance.now(), until, PRESS_QUIET_MS, stop.signal);
      if (stop.signal.aborted) return { presses, hung: false };
      if (recorder.activity() === recorded) for (const key of marked.value) fruitless.add(key);
      if (performance.now() >= until) break;
    }
    return { presses, hung: false };
  } finally {
    recorder.pressing = false;
    trace(`render: pressed ${presses} other controls, ${recorder.exchanges.length - asked} requests recorded`);
  }
}
