import type { Page } from 'playwright-core';
import type { ExchangeRecorder } from './exchange-recorder.js';
import { call } from './in-page.js';
import { IN_ROOTS, PRESS_ANSWER_MS, waitForQuiet } from './press-buttons.js';
import { within } from './race.js';
import type { RenderStop } from './render-stop.js';
import { trace } from '../trace.js';

// A search box often loads its index only when someone uses it: lunr's or Fuse's JSON, a
// MiniSearch or FlexSearch export, fetched on the box's focus or first keystroke (Docusaurus's
// local search plugin, many Hugo and Jekyll themes), or the results of a query from the site.
// No render typed, so offline, in a live copy, the box found nothing (a failed request). Once the
// page's controls were pressed (press-controls.ts), the render types a common word into each
// shown search box, as a reader's keystrokes fire it (focus, `input`, the key's events), waits
// until the network is quiet, then empties the box and takes the focus away: what it asked for is
// recorded, and a live copy's layer answers its reader's search from it (the site's other pages
// from the copy's index of recorded responses: site-responses.ts). Each box (by its label) is
// typed into once per capture: a site's every page has the same box, whose index one page has.

/** Boxes typed into at most, and the time it may take (of what the render has left). */
const MAX_BOXES = 3;
const MAX_TYPING_MS = 1_500;
/** How long after typing nothing must be asked for (the network quiet), the requests answered. */
const QUIET_MS = 250;
/** What is typed: a word nearly every index has, longer than the shortest query most search boxes wait for. */
const WORD = 'the';

/**
 * In the page: the shown, enabled search boxes, at most `max`, none whose key is in `skip`: an
 * input of type `search`, or a text input or `role=searchbox`/`combobox` whose name, label or
 * placeholder says it searches; each gets the word as typed and keeps its key (label) in `keys`.
 */
const TYPE = `({ max, skip, word }) => {
  ${IN_ROOTS}
  const says = /search|find|filter|query|lookup/i;
  const keys = [];
  const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  for (const input of inRoots('input')) {
    if (keys.length >= max) break;
    const type = (input.getAttribute('type') || 'text').toLowerCase();
    if (type !== 'search' && type !== 'text') continue;
    const named = [input.getAttribute('role'), input.getAttribute('aria-label'), input.placeholder, input.name, input.id, input.title].join(' ');
    if (type !== 'search' && !/searchbox|combobox/.test(named) && !says.test(named)) continue;
    if (input.disabled || input.readOnly || input.value !== '') continue;
    const shown = input.checkVisibility ? input.checkVisibility() : input.getClientRects().length > 0;
    if (!shown) continue;
    const key = String(input.getAttribute('aria-label') || input.placeholder || input.name || input.id || 'search').replace(/\\s+/g, ' ').trim().slice(0, 60);
    if (skip.includes(key) || keys.includes(key)) continue;
    keys.push(key);
    input.setAttribute('data-sitezip-typed', '');
    input.focus();
    for (let i = 1; i <= word.length; i++) {
      const letter = word[i - 1];
      input.dispatchEvent(new KeyboardEvent('keydown', { key: letter, bubbles: true }));
      value.call(input, word.slice(0, i));
      input.dispatchEvent(new InputEvent('input', { data: letter, inputType: 'insertText', bubbles: true }));
      input.dispatchEvent(new KeyboardEvent('keyup', { key: letter, bubbles: true }));
    }
  }
  return keys;
}`;

/** In the page: empties the boxes typed into, as a reader's Escape and select-all-delete would, and takes the focus away. */
const EMPTY = `() => {
  ${IN_ROOTS}
  const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  for (const input of inRoots('[data-sitezip-typed]')) {
    input.removeAttribute('data-sitezip-typed');
    value.call(input, '');
    input.dispatchEvent(new InputEvent('input', { inputType: 'deleteContentBackward', bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    input.blur();
  }
}`;

/**
 * Types into the page's search boxes (see above) within `leftMs()` and MAX_TYPING_MS, none in
 * `typed` (which gets the new ones' keys), and waits until the network has been quiet for
 * QUIET_MS: what the boxes asked for is recorded. `hung` when the page stopped answering.
 */
export async function typeInSearchBoxes(
  page: Page,
  recorder: ExchangeRecorder,
  stop: RenderStop,
  leftMs: () => number,
  typed: Set<string>,
): Promise<{ boxes: number; hung: boolean }> {
  const until = performance.now() + Math.min(MAX_TYPING_MS, Math.max(0, leftMs()) / 2);
  const answerMs = () => Math.max(until - performance.now(), PRESS_ANSWER_MS);
  const asked = recorder.exchanges.length;
  recorder.pressing = true;
  let boxes: string[] = [];
  try {
    const done = await within(page.evaluate(call(TYPE, { max: MAX_BOXES, skip: [...typed], word: WORD })) as Promise<string[]>, answerMs(), stop.signal);
    if (!done.done) return { boxes: 0, hung: true };
    boxes = done.value;
    if (boxes.length === 0) return { boxes: 0, hung: false };
    for (const key of boxes) typed.add(key);
    await waitForQuiet(recorder, performance.now(), until, QUIET_MS, stop.signal);
    if (stop.signal.aborted) return { boxes: boxes.length, hung: false };
    const emptied = await within(page.evaluate(call(EMPTY)) as Promise<void>, answerMs(), stop.signal);
    return { boxes: boxes.length, hung: !emptied.done };
  } finally {
    recorder.pressing = false;
    trace(`render: typed into ${boxes.length} search boxes, ${recorder.exchanges.length - asked} requests recorded`);
  }
}
