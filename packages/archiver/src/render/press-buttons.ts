import { setTimeout as delay } from 'node:timers/promises';
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
/** How long a press may keep the page from answering, the press's time run out or not, before the page is taken as hung. */
export const PRESS_ANSWER_MS = 1_000;

/**
 * In-page source: `inRoots(selector)`, the elements matching `selector` in the document and in
 * its open shadow roots (a web component's buttons: Lit, Shoelace, Stencil), the document's first.
 */
export const IN_ROOTS = `const inRoots = (selector) => {
    const roots = [document];
    for (let i = 0; i < roots.length && roots.length < 500; i++) for (const element of roots[i].querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    return roots.flatMap((root) => [...root.querySelectorAll(selector)]);
  };`;

/**
 * In the page: marks, in document order (then in shadow roots), the shown and enabled buttons of `kind` (the marks of an
 * earlier round taken off first), at most `max`, and answers their labels (`other`: their keys,
 * the label or, without one, the tag and class; none in `skip`). `more`: those whose
 * label asks for more of something (`Load more`, `Show all comments`, `Older posts`, `Next
 * page`). `other`: every other control a reader might press (a tab, a summary, a button that
 * opens a dialog or a panel, a menu of choices: `select <its name>`), one of each label (a page's thirty "Copy" buttons are one), none
 * pressed before, none whose label says it acts for the reader (signs out, deletes, buys,
 * subscribes, accepts cookies, sends, plays media, changes the theme). A link that leads
 * somewhere is no such button (the capture follows links); one to `#` or `javascript:`, or
 * without an address, is. A form's submit button is not.
 */
export const MARK_BUTTONS = `({ max, kind, skip = [] }) => {
  ${IN_ROOTS}
  const more = /\\b(?:load|show|view|see|read|get|fetch|display)\\b[^.!?]{0,24}\\b(?:more|all|older|newer|next|previous|earlier|later|comments?|replies|answers|results|items|posts|entries|reviews|stories|articles)\\b|^(?:more|older|newer|earlier)\\b|^(?:next|previous)\\s+(?:page|results|posts|entries|items|articles|stories)\\b/i;
  const acts = /\\b(?:log ?(?:out|off|in)|sign ?(?:out|off|in|up)|register|join|delete|remove|erase|destroy|clear|reset|empty|unsubscribe|subscribe|buy|purchase|pay|checkout|check out|order|donate|cart|basket|bag|follow|unfollow|like|unlike|vote|upvote|downvote|star|report|flag|block|mute|print|download|install|share|add to|wish ?list|favou?rite|bookmark|rate|play|pause|mute|unmute|volume|full ?screen|theme|(?:dark|light|night) ?mode|colou?r ?(?:mode|scheme)|accept|agree|reject|decline|allow|deny|consent|close|dismiss|cancel|send|submit|post|publish|save|upload|confirm|apply)\\b/i;
  const selector = kind === 'more'
    ? 'button, input[type="button"], [role="button"], a[href="#"], a[href^="javascript:"], a:not([href])'
    : 'button, input[type="button"], [role="button"], [role="tab"], [role="menuitem"], [role="switch"], summary, [aria-controls], [aria-expanded], [onclick], a[href="#"], a[href^="javascript:"], a:not([href]), select';
  for (const element of inRoots('[data-sitezip-press]')) element.removeAttribute('data-sitezip-press');
  const labels = [];
  const keys = new Set(skip);
  for (const element of inRoots(selector)) {
    if (labels.length >= max) break;
    if (element.disabled || element.getAttribute('aria-disabled') === 'true' || element.hasAttribute('data-sitezip-pressed')) continue;
    if (element.form && (element.type === 'submit' || element.type === 'image' || element.type === 'reset')) continue;
    const href = element.tagName === 'A' ? element.getAttribute('href') : null;
    if (href !== null && href !== '#' && !/^javascript:/i.test(href)) continue;
    const shown = element.checkVisibility ? element.checkVisibility() : element.getClientRects().length > 0;
    if (!shown) continue;
    const label = element.tagName === 'SELECT'
      ? 'select ' + String(element.getAttribute('aria-label') || element.name || element.id || '').replace(/\\s+/g, ' ').trim()
      : String(element.getAttribute('aria-label') || element.innerText || element.value || element.title || '').replace(/\\s+/g, ' ').trim();
    if (label.length > 60) continue;
    if (kind === 'more' ? !label || !more.test(label) : more.test(label) || acts.test(label)) continue;
    const key = kind === 'more' ? label : label || element.tagName + '.' + element.className;
    if (kind !== 'more') {
      if (keys.has(key)) continue;
      keys.add(key);
    }
    element.setAttribute('data-sitezip-press', String(labels.length));
    labels.push(key);
  }
  return labels;
}`;

/** In the page: presses the button marked `index`. */
const PRESS = `(index) => {
  ${IN_ROOTS}
  const element = inRoots('[data-sitezip-press="' + index + '"]')[0];
  if (!element) return false;
  element.click();
  return true;
}`;

/**
 * Waits until nothing has been asked for `quietMs` since `since` (what was asked answered), or
 * `until` has passed, or the render stopped.
 */
export async function waitForQuiet(recorder: ExchangeRecorder, since: number, until: number, quietMs: number, signal: AbortSignal): Promise<void> {
  for (;;) {
    const now = performance.now();
    const quiet = Math.min(recorder.quietForMs(now), now - since);
    const left = until - now;
    if (quiet >= quietMs || left <= 0 || signal.aborted) return;
    await delay(Math.min(quietMs - quiet, left), undefined, { signal }).catch(() => undefined);
  }
}

/** How the presses ended: `hung` when the page stopped answering (a press's endless loop): its tab is not reused. */
export interface PressOutcome {
  presses: number;
  hung: boolean;
}

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
 * pressed again while it is there (a list's every part), the others once.
 */
export async function pressMoreButtons(page: Page, recorder: ExchangeRecorder, stop: RenderStop, leftMs: () => number, pictured?: Promise<unknown>): Promise<PressOutcome> {
  const mark = async (ms: number): Promise<string[]> => {
    const marked = await within(page.evaluate(call(MARK_BUTTONS, { max: MAX_CANDIDATES, kind: 'more' })).catch(() => []) as Promise<string[]>, Math.max(0, ms), stop.signal);
    return marked.done ? marked.value : [];
  };
  let labels = await mark(leftMs());
  if (labels.length === 0) return { presses: 0, hung: false };
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
      const press = await within(page.evaluate(call(PRESS, index)).catch(() => false) as Promise<boolean>, Math.max(left, PRESS_ANSWER_MS), stop.signal);
      if (!press.done) return { presses, hung: true };
      if (!press.value) break;
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
  return { presses, hung: false };
}
