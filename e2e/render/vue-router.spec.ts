import { expect, test } from '../support/test.js';
import { walkInChromium, walkInFirefox } from './offline-walk.js';
import { renderFixtureTests } from './render-check.js';

// create-vue's router app (Vite 8, vue-router 5 in HTML5 history mode): the router matches
// `location.pathname`, each route but the start page is a lazy chunk with its own stylesheet,
// and the start and package pages fetch() JSON. Its pages are saved live: offline each copy
// shows its own route, and a RouterLink goes to the local copy of its page. One capture for the
// file: a mirror of the start page and the first three pages it links to (Packages, About and
// the first package).
const check = renderFixtureTests('vue-router', {}, ['--full', '--max-pages', '4']);

/** A reader's way through the mirror, by the nav and by a package's link in the page. */
const START = '5 packages, in their own words';
const WALK = [
  { where: 'nav', via: 'Packages', shows: 'Intuitive, type safe and flexible Store for Vue' },
  { where: 'main', via: 'vue', shows: 'License: MIT. Home page' },
  { where: 'nav', via: 'About', shows: 'About these notes' },
  { where: 'nav', via: 'Home', shows: START },
];

test('vue-router: the mirror is live, and offline its RouterLinks lead to the local copies with their fetched data, in Chromium', async ({ browser }) => {
  test.setTimeout(90_000);
  const { dir, manifest } = await check.capture();
  const rendered = manifest.resources.filter((r) => r.render);
  expect(rendered.map((r) => new URL(r.url).pathname).sort()).toEqual(['/', '/about', '/packages', '/packages/vue']);
  for (const { url, render } of rendered) {
    expect(render?.output, `${url}: ${JSON.stringify(render)}`).toBe('live');
    expect(render?.check, `${url}: ${JSON.stringify(render)}`).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1 });
  }
  await walkInChromium(browser, dir, START, WALK);
});

test('vue-router: the mirror navigates offline in Firefox too', async () => {
  test.setTimeout(90_000);
  const { dir } = await check.capture();
  await walkInFirefox(await check.firefoxBrowser(), dir, START, WALK);
});
