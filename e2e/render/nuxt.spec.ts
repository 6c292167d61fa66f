import { expect, test } from '../support/test.js';
import { walkInChromium, walkInFirefox } from './offline-walk.js';
import { renderFixtureTests } from './render-check.js';

// A Nuxt 4 site as `nuxi generate` writes it (Vite, vue-router, Nitro's static preset): every
// page prerendered to <path>/index.html with its _payload.json beside it, hydrated by module
// scripts, and NuxtLinks that navigate on the client, reading the next page's payload. Its start
// page fetch()es its list in the browser only. Its pages are saved live: Nuxt fetch()es the
// page's payload from __NUXT_DATA__'s data-src, which the copy leaves as written (the replay
// layer answers it from the recording), and Vite's preload helper's stylesheets load from the
// copy's files without CORS. One capture for the file: a mirror of the start page and the first
// three pages it links to (Packages, About and the first package).
const check = renderFixtureTests('nuxt', {}, ['--full', '--max-pages', '4']);

/** A reader's way through the mirror, by the nav and by a package's link in the page. */
const START = '7 packages under this site, each described by its authors';
const WALK = [
  { where: 'nav', via: 'Packages', shows: 'Full-stack <head> manager built for Vue' },
  { where: 'main', via: 'nuxt', shows: 'License: MIT. Home page' },
  { where: 'nav', via: 'About', shows: 'About these notes' },
  { where: 'nav', via: 'Home', shows: START },
];

test('nuxt: the mirror is saved live on target, and offline its links lead to the local copies, in Chromium', async ({ browser }) => {
  test.setTimeout(90_000);
  const { dir, manifest } = await check.capture();
  const rendered = manifest.resources.filter((r) => r.render);
  expect(rendered.map((r) => new URL(r.url).pathname).sort()).toEqual(['/', '/about', '/packages', '/packages/nuxt']);
  for (const { url, render } of rendered) {
    expect(render?.output, `${url}: ${JSON.stringify(render)}`).toBe('live');
    expect(render?.check, `${url}: ${JSON.stringify(render)}`).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1, pixelDiff: 0 });
  }
  await walkInChromium(browser, dir, START, WALK);
});

test('nuxt: the mirror navigates offline in Firefox too', async () => {
  test.setTimeout(90_000);
  const { dir } = await check.capture();
  await walkInFirefox(await check.firefoxBrowser(), dir, START, WALK);
});
