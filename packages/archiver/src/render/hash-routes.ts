import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { HASH_ROUTE_SOURCE } from '../page-url.js';
import { call } from './in-page.js';
import { within } from './race.js';
import type { RenderStop } from './render-stop.js';
import { settle, type Network } from './settle.js';
import { trace } from '../trace.js';

// A hash router (docsify, Vue Router's and React Router's hash modes, Angular's useHash,
// AngularJS's `#!/`) shows its other pages in the same document: a link to `#/guide` makes it
// fetch `guide.md` or import the route's chunk when clicked. A copy replays only what the render
// asked for, so those clicks found nothing offline (docsify: "404 - Not found"). The render
// visits each such route once, as a reader clicking through would, so that what the route loads
// is recorded, then puts the page back at its own address and lets it settle again: the DOM it
// reads is the page's own route.

/** Routes visited at most, and the time they may take together (of what the render has left). */
const MAX_ROUTES = 20;
const MAX_VISITS_MS = 6_000;
/**
 * Visits in a row that asked for nothing new, after which the rest are not made: links that only
 * move within the page (swagger-ui's operations, `#/pet/addPet`) cost 0.3 s each for nothing
 * (its 20 took its capture from 4 to 13 s; now 2, 0.6 s).
 */
const FRUITLESS_VISITS = 2;
/** Quiet a route is given to load what it needs, and how long it may take to get there. */
const ROUTE_QUIET_MS = 300;
const ROUTE_BUDGET_MS = 2_000;

/**
 * In the page: its address, and the hash routes its links lead to (`#/…`, `#!/…`, `#packages/x`:
 * page-url.ts HASH_ROUTE_SOURCE, on the page's own address), other than its own; each route
 * once whatever its query (`#/guide?id=install`).
 */
const HASH_ROUTES = `(max) => {
  const page = location.href.split('#')[0];
  const route = (hash) => (new RegExp(${JSON.stringify(HASH_ROUTE_SOURCE)}).test(hash) ? hash.split('?')[0] : undefined);
  const own = route(location.hash) ?? '#/';
  const seen = new Set([own, own.replace(/\\/$/, '')]);
  const routes = [];
  for (const link of document.querySelectorAll('a[href]')) {
    if (routes.length >= max || link.href.split('#')[0] !== page) continue;
    const hash = link.hash, key = route(hash);
    if (key === undefined || seen.has(key)) continue;
    seen.add(key);
    routes.push(hash);
  }
  return { href: location.href, routes };
}`;

/** Goes back to `href` as a router sees a reader's Back: the address replaced, then hashchange and popstate. */
const RETURN_TO = `(href) => {
  const before = location.href;
  history.replaceState(history.state, '', href);
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL: before, newURL: href }));
  window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
}`;

/**
 * Visits the hash routes the page links to (see above) within `leftMs()` and MAX_VISITS_MS, then
 * returns the page to its address and waits for its quiet again. The number of routes visited.
 */
export async function visitHashRoutes(page: Page, network: Network & { exchanges: readonly unknown[]; expectReload(url: string): void }, stop: RenderStop, leftMs: () => number): Promise<number> {
  const found = await within(page.evaluate(call(HASH_ROUTES, MAX_ROUTES)) as Promise<{ href: string; routes: string[] }>, leftMs(), stop.signal);
  if (!found.done || found.value.routes.length === 0) return 0;
  const { href, routes } = found.value;
  const own = await within(page.evaluate(DOCUMENT_TEXT) as Promise<string>, leftMs(), stop.signal);
  if (!own.done) return 0;
  const until = performance.now() + Math.min(MAX_VISITS_MS, leftMs() / 2);
  let visited = 0;
  let fruitless = 0;
  for (const route of routes) {
    const left = until - performance.now();
    if (left <= 0 || fruitless >= FRUITLESS_VISITS) break;
    const asked = network.exchanges.length;
    // A script that navigates away on a route is the recorder's to stop; the page is still ours.
    const went = await within(page.evaluate(`location.hash = ${JSON.stringify(route)}`).then(() => true, () => false), left, stop.signal);
    if (!went.done || !went.value) break;
    visited++;
    await settle(page, network, { quietMs: ROUTE_QUIET_MS, budgetMs: Math.min(ROUTE_BUDGET_MS, Math.max(0, until - performance.now())) }, stop.signal);
    fruitless = network.exchanges.length > asked ? 0 : fruitless + 1;
  }
  trace(`render: visited ${visited} hash routes`);
  // A route's answer that came after the return (slower than its visit's budget) shows that
  // route again, and the page was read as the route's: a copy of `/#install` showed a note its
  // reader never asked for. Once the visits' requests are answered (waited for as long as the
  // visits could take, when the return's own settling ran out first: on a loaded machine, an
  // answer came after it), the page goes back once more when its text is not its own.
  if (!(await goBack(page, network, href, stop, leftMs))) await requestsAnswered(network, Math.min(MAX_VISITS_MS, Math.max(0, leftMs())), stop.signal);
  const text = await within(page.evaluate(DOCUMENT_TEXT).catch(() => own.value), leftMs(), stop.signal);
  if (text.done && text.value !== own.value) {
    trace('render: a route answered late; back to the page again');
    await goBack(page, network, href, stop, leftMs);
    // Still not its own: the visits changed what the app holds (a search route's fetch of a
    // list's second page, which Backbone's home then listed too: a page its reader never saw,
    // and a live copy that opens as it was refused). The page is loaded again; what the visits
    // recorded stays recorded.
    const again = await within(page.evaluate(DOCUMENT_TEXT).catch(() => own.value), leftMs(), stop.signal);
    if (again.done && again.value !== own.value) {
      trace('render: the routes changed the page; loading it again');
      network.expectReload(href.replace(/#.*/s, ''));
      const loaded = await within(page.reload({ waitUntil: 'load', timeout: 0 }).then(() => true, () => false), leftMs(), stop.signal);
      if (loaded.done && loaded.value) await settle(page, network, { quietMs: ROUTE_QUIET_MS, budgetMs: Math.min(RELOAD_BUDGET_MS, Math.max(0, leftMs())) }, stop.signal);
    }
  }
  return visited;
}

/** Time the page loaded again after its visits has to go quiet. */
const RELOAD_BUDGET_MS = 4_000;

const DOCUMENT_TEXT = 'document.documentElement.textContent';

/** Waits, `budgetMs` at most, until no request is in flight (a stalled one aside) for ROUTE_QUIET_MS: the DOM may stay busy. */
async function requestsAnswered(network: Network, budgetMs: number, signal: AbortSignal): Promise<void> {
  const until = performance.now() + budgetMs;
  while (network.quietForMs() < ROUTE_QUIET_MS && performance.now() < until && !signal.aborted) {
    await delay(50, undefined, { signal }).catch(() => undefined);
  }
}

/** Puts the page back at `href` and waits for its DOM to be quiet as a route's (its requests were made before): whether it was. */
async function goBack(page: Page, network: Network, href: string, stop: RenderStop, leftMs: () => number): Promise<boolean> {
  await within(page.evaluate(call(RETURN_TO, href)).catch(() => undefined), leftMs(), stop.signal);
  return settle(page, network, { quietMs: ROUTE_QUIET_MS, budgetMs: Math.min(ROUTE_BUDGET_MS, Math.max(0, leftMs())) }, stop.signal);
}
