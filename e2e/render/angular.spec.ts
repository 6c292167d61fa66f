import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { Page as FirefoxPage } from 'puppeteer-core';
import { openFirefoxTab } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import { renderFixtureTests } from './render-check.js';

// An Angular CLI app (esbuild, module scripts, <base href="/">, zone.js): its router matches the
// address it keeps from `window.location`, lazy routes come as chunks, and the package pages
// fetch JSON with HttpClient (XHR). Its pages are saved live: offline each copy shows its own
// route, and a router link goes to the local copy of its page. One capture for the file: a
// mirror of the start page and the first two pages it links to (Packages and About).
const check = renderFixtureTests('angular', {}, ['--full', '--max-pages', '3']);

/** A reader's way through the mirror: each step clicks a header link and waits for the page's own words. */
const WALK = [
  { via: 'Packages', shows: '9 packages in this build' },
  { via: 'About', shows: 'About these notes' },
  { via: 'Home', shows: 'Notes on the packages an Angular app is built from' },
];
const hasText = (words: string) => document.body.innerText.includes(words);

test('angular: the mirror is live, and offline its router links lead to the local copies with their HttpClient data, in Chromium', async ({ browser }) => {
  test.setTimeout(90_000);
  const { dir, manifest } = await check.capture();
  const rendered = manifest.resources.filter((r) => r.render);
  expect(rendered.map((r) => `${new URL(r.url).pathname} ${r.render?.output}`).sort()).toEqual(['/ live', '/about live', '/packages live']);
  const offline = await openOffline(browser, dir);
  try {
    const { page } = offline;
    await page.waitForFunction(hasText, WALK[2]!.shows);
    for (const step of WALK) await clickThrough(page, step.via, step.shows);
    expect(offline.networkRequests).toEqual([]);
    expect(offline.failedRequests).toEqual([]);
    expect(offline.pageErrors).toEqual([]);
  } finally {
    await offline.close();
  }
});

async function clickThrough(page: Page, via: string, shows: string): Promise<void> {
  const from = page.url();
  await Promise.all([page.waitForURL((url) => url.href !== from && url.protocol === 'file:'), page.locator('nav a', { hasText: via }).click()]);
  await page.waitForFunction(hasText, shows, { timeout: 10_000 });
}

test('angular: the mirror navigates offline in Firefox too', async () => {
  test.setTimeout(90_000);
  const { dir } = await check.capture();
  const tab = await openFirefoxTab(await check.firefoxBrowser());
  try {
    const { page } = tab;
    await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
    await page.waitForFunction(hasText, { timeout: 10_000 }, WALK[2]!.shows);
    for (const step of WALK) await clickThroughFirefox(page, step.via, step.shows);
    expect(tab.onlineRequests).toEqual([]);
    expect(tab.failedRequests).toEqual([]);
    expect(tab.pageErrors).toEqual([]);
  } finally {
    await tab.close();
  }
});

async function clickThroughFirefox(page: FirefoxPage, via: string, shows: string): Promise<void> {
  const from = page.url();
  const link = await page.waitForSelector(`::-p-xpath(//nav/a[normalize-space()="${via}"])`);
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), link!.click()]);
  expect(page.url()).not.toBe(from);
  expect(page.url()).toMatch(/^file:/);
  await page.waitForFunction(hasText, { timeout: 10_000 }, shows);
}
