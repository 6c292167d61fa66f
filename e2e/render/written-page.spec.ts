import { expect, test } from '../support/test.js';
import { viewInFirefox } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import { viewOf } from '../support/page-view.js';
import { renderFixtureTests } from './render-check.js';

// A page written on the server (yauzl's README) whose text passes for the page's, and whose own
// script files then load at run time what a static copy never has: a list by fetch(), a count
// from a worker, two modules by import() (a written and a computed address) from a classic
// script, an image and a stylesheet by the site's own addresses, a script tag by document.write.
// `auto` reads those files before it decides, and renders it.
const check = renderFixtureTests('written-page');

const PARTS = [
  'yazl 3.3.1: yet another zip library for node',
  'words, counted in a worker.',
  'ZIP: a central directory at the end names every entry. ZIP64: past 65,535 entries or 4 GiB, its own end record takes over.',
  'this footer was written by a written script.',
];

test('written-page: auto renders it for what its scripts load, and keeps its scripts running', async () => {
  test.setTimeout(90_000);
  const { manifest } = await check.capture();
  const render = manifest.resources[0]?.render;
  expect(render?.reason, JSON.stringify(render)).toMatch(/^its own script /);
  expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
});

test('written-page: offline, every part its scripts load is there, in Chromium and in Firefox', async ({ browser }) => {
  test.setTimeout(90_000);
  const capture = await check.capture();
  const offline = await openOffline(browser, capture.dir);
  try {
    await expect(offline.page.locator('#count')).toContainText('counted in a worker', { timeout: 10_000 });
    const copy = await viewOf(offline.page);
    for (const part of PARTS) expect(copy.text, 'Chromium').toContain(part);
    expect(await offline.page.locator('#badge img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    expect(await offline.page.locator('h1').evaluate((h1) => getComputedStyle(h1).color)).toBe('rgb(20, 90, 160)');
    expect(offline.failedRequests).toEqual([]);
    expect(offline.networkRequests).toEqual([]);
    expect(offline.pageErrors).toEqual([]);
  } finally {
    await offline.close();
  }
  const copy = await viewInFirefox(await check.firefoxBrowser(), capture.index);
  for (const part of PARTS) expect(copy.text, 'Firefox').toContain(part);
  expect(copy.failedRequests).toEqual([]);
  expect(copy.onlineRequests).toEqual([]);
  expect(copy.pageErrors).toEqual([]);
});
