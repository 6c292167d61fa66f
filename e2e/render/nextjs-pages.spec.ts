import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import type { Page as FirefoxPage } from 'puppeteer-core';
import { followInFirefox, openFirefoxTab } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import { RenderCheck } from './render-check.js';

// Next.js 15 with the Pages Router, built by webpack (a static export): pages made with
// getStaticProps that React hydrates, next/link links whose pages the router prefetches (chunks
// by <link rel=prefetch>, data JSON by fetch()), a header menu that navigates by router.push(),
// a table of contents in a chunk webpack loads at run time, and numbers the home page fetch()es.
// One capture (a mirror of four pages) for the file: every page saved live, and offline a link
// and router.push() reach the local copies, which hydrate, in Chromium and Firefox ESR.
const check = new RenderCheck('nextjs-pages');
test.afterAll(() => check.close());
const capture = () => check.capture(['--full', '--max-pages', '4']);

/** A reader's way: each step a link click (by its text) or a choice in the menu, then the page it leads to. */
const WALK = [
  { link: 'API', heading: 'API', contents: true },
  { menu: 'benchmarks', heading: 'Benchmarks', contents: false },
  { menu: 'asynchronous', heading: 'Asynchronous Logging', contents: true },
];
const MENU = 'select[aria-label="Jump to a guide"]';
const STATS = '[data-testid="stats"]';
const CONTENTS = '[data-testid="contents"]';
const heading = () => document.querySelector('h1')?.textContent ?? '';

test('nextjs-pages: a mirror is saved live, and offline a link and router.push() reach the local copies in Chromium', async ({ browser }) => {
  test.setTimeout(180_000);
  const { dir, manifest } = await capture();
  const rendered = manifest.resources.filter((r) => r.render);
  expect(rendered.length).toBe(4);
  expect(rendered.filter((r) => r.render?.output !== 'live').map((r) => `${r.url}: ${JSON.stringify(r.render)}`)).toEqual([]);
  for (const { render } of rendered.filter((r) => r.render?.check)) expect(render?.check).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1 });
  const offline = await openOffline(browser, dir);
  try {
    const { page } = offline;
    await expect(page.locator(STATS)).toHaveText(check.fixture.shows);
    for (const step of WALK) {
      const before = page.url();
      await Promise.all([page.waitForURL((url) => url.href !== before, { waitUntil: 'load' }), act(page, step)]);
      expect(page.url()).toMatch(/^file:.*\/docs\/.*\.html$/);
      await expect.poll(() => page.evaluate(heading)).toBe(step.heading);
      if (step.contents) await expect(page.locator(CONTENTS)).toBeVisible();
    }
    expect(offline.networkRequests).toEqual([]);
    expect(offline.failedRequests).toEqual([]);
  } finally {
    await offline.close();
  }
});

function act(page: Page, step: (typeof WALK)[number]): Promise<unknown> {
  if ('link' in step) return page.getByRole('link', { name: step.link, exact: true }).click();
  return page.selectOption(MENU, step.menu);
}

test('nextjs-pages: offline, a link and router.push() reach the local copies in Firefox too', async () => {
  test.setTimeout(180_000);
  const { index } = await capture();
  const tab = await openFirefoxTab(await check.firefoxBrowser());
  try {
    const { page } = tab;
    await page.goto(index, { waitUntil: 'load' });
    await page.waitForFunction((selector, words) => document.querySelector(selector)?.textContent === words, { timeout: 10_000 }, STATS, check.fixture.shows);
    for (const step of WALK) {
      await followInFirefox(page, () => actInFirefox(page, step));
      expect(page.url()).toMatch(/^file:.*\/docs\/.*\.html$/);
      await page.waitForFunction((words) => document.querySelector('h1')?.textContent === words, { timeout: 10_000 }, step.heading);
      if (step.contents) await page.waitForSelector(CONTENTS, { timeout: 10_000 });
    }
    expect(tab.onlineRequests).toEqual([]);
    expect(tab.failedRequests).toEqual([]);
  } finally {
    await tab.close();
  }
});

async function actInFirefox(page: FirefoxPage, step: (typeof WALK)[number]): Promise<void> {
  if ('link' in step) {
    await page.$$eval('main a', (links, text) => links.find((a) => a.textContent === text)?.setAttribute('data-e2e-next', ''), step.link);
    await page.click('[data-e2e-next]');
  } else {
    await page.select(MENU, step.menu);
  }
}
