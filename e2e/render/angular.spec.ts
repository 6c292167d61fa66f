import { expect, test } from '../support/test.js';
import { walkInChromium, walkInFirefox } from './offline-walk.js';
import { renderFixtureTests } from './render-check.js';

// An Angular CLI app (esbuild, module scripts, <base href="/">, zone.js): its router matches the
// address it keeps from `window.location`, lazy routes come as chunks, and the package pages
// fetch JSON with HttpClient (XHR). Its pages are saved live: offline each copy shows its own
// route, and a router link goes to the local copy of its page. One capture for the file: a
// mirror of the start page and the first two pages it links to (Packages and About).
const check = renderFixtureTests('angular', {}, ['--full', '--max-pages', '3']);

/** A reader's way through the mirror: each step clicks a header link and waits for the page's own words. */
const START = 'Notes on the packages an Angular app is built from';
const WALK = [
  { where: 'nav', via: 'Packages', shows: '9 packages in this build' },
  { where: 'nav', via: 'About', shows: 'About these notes' },
  { where: 'nav', via: 'Home', shows: START },
];

test('angular: the mirror is live, and offline its router links lead to the local copies with their HttpClient data, in Chromium', async ({ browser }) => {
  test.setTimeout(90_000);
  const { dir, manifest } = await check.capture();
  const rendered = manifest.resources.filter((r) => r.render);
  expect(rendered.map((r) => new URL(r.url).pathname).sort()).toEqual(['/', '/about', '/packages']);
  // Each page checked (a route shape of its own) and kept live, or, where a check under heavy load
  // judged its live copy before Angular drew the route, its snapshot: either reads right offline.
  for (const { url, render } of rendered) {
    expect(render?.check, `${url}: ${JSON.stringify(render)}`).toMatchObject({ failedRequests: 0, onlineRequests: 0 });
    expect(render?.check?.textMatch, `${url}: ${JSON.stringify(render)}`).toBeGreaterThanOrEqual(0.98);
  }
  expect(rendered.find((r) => new URL(r.url).pathname === '/')?.render?.output).toBe('live');
  await walkInChromium(browser, dir, START, WALK);
});

test('angular: the mirror navigates offline in Firefox too', async () => {
  test.setTimeout(90_000);
  const { dir } = await check.capture();
  await walkInFirefox(await check.firefoxBrowser(), dir, START, WALK);
});
