import type { Cookie, Page } from 'playwright-core';
import { call } from './in-page.js';
import { PRESS_ANSWER_MS } from './press-buttons.js';
import { within } from './race.js';
import type { RenderStop } from './render-stop.js';

// A press changes what a site remembers for its reader: a theme toggle's `localStorage.theme =
// 'dark'`, a language menu's choice, a cookie a panel sets. A capture's pages share one browser
// context, and the next page rendered in it came up dark: its live copy, which starts as a new
// reader's, failed its check (87 % of pixels off in a Docusaurus mirror). What the presses
// changed in the page's storage and the context's cookies is set back once they end.

/** The page's local and session storage, item by item (null: a storage the page may not use). */
interface Stored {
  local: Record<string, string> | null;
  session: Record<string, string> | null;
}

const READ_STORAGE = `() => {
  const read = (name) => {
    try {
      const store = window[name];
      const items = {};
      for (let i = 0; i < store.length; i++) items[store.key(i)] = store.getItem(store.key(i));
      return items;
    } catch (error) {
      return null;
    }
  };
  return { local: read('localStorage'), session: read('sessionStorage') };
}`;

const PUT_BACK_STORAGE = `(stored) => {
  for (const [name, items] of [['localStorage', stored.local], ['sessionStorage', stored.session]]) {
    if (!items) continue;
    try {
      const store = window[name];
      const keys = [];
      for (let i = 0; i < store.length; i++) keys.push(store.key(i));
      for (const key of keys) if (!Object.prototype.hasOwnProperty.call(items, key)) store.removeItem(key);
      for (const key of Object.keys(items)) if (store.getItem(key) !== items[key]) store.setItem(key, items[key]);
    } catch (error) {}
  }
}`;

const cookieKey = ({ name, domain, path }: Cookie) => `${name}\n${domain}\n${path}`;

/**
 * Runs `presses` on `page`, then sets its storage and its context's cookies back as they were
 * before. A page that no longer answers (a press hung it) keeps what it has.
 */
export async function keepingState<T>(page: Page, stop: RenderStop, presses: () => Promise<T>): Promise<T> {
  const context = page.context();
  // Read side by side: a round trip each, on every rendered page.
  const [stored, cookies] = await Promise.all([
    within(page.evaluate(call(READ_STORAGE)) as Promise<Stored>, PRESS_ANSWER_MS, stop.signal).catch(() => undefined),
    context.cookies().catch(() => undefined),
  ]);
  const outcome = await presses();
  if (stored?.done) await within(page.evaluate(call(PUT_BACK_STORAGE, stored.value)), PRESS_ANSWER_MS, stop.signal).catch(() => undefined);
  if (cookies) await putBackCookies(page, cookies).catch(() => undefined);
  return outcome;
}

async function putBackCookies(page: Page, before: readonly Cookie[]): Promise<void> {
  const context = page.context();
  const was = new Map(before.map((cookie) => [cookieKey(cookie), cookie]));
  const now = await context.cookies();
  const changed: Cookie[] = [];
  for (const cookie of now) {
    const old = was.get(cookieKey(cookie));
    was.delete(cookieKey(cookie));
    if (!old) await context.clearCookies({ name: cookie.name, domain: cookie.domain, path: cookie.path });
    else if (old.value !== cookie.value || old.expires !== cookie.expires) changed.push(old);
  }
  // Those the presses deleted come back too.
  changed.push(...was.values());
  if (changed.length > 0) await context.addCookies(changed);
}
