import type { Page } from '@playwright/test';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { renderFixture } from '../../packages/archiver/test/support/render-fixtures.js';
import { expect, test } from '../support/test.js';
import { inBothBrowsersOffline } from './offline-interaction.js';
import { walkInChromium, walkInFirefox } from './offline-walk.js';
import { renderFixtureTests } from './render-check.js';

// React Router 7 in framework mode as `react-router build` writes it with `ssr: false` and every
// page prerendered: each page a `<page>/index.html` whose loader's data is inline (a turbo-stream
// enqueued into window.__reactRouterContext) and again in `<page>.data`, which the router fetches
// when a <Link> is followed. Pino's own guides on pages whose loaders read the Markdown at build
// time, a root layout whose nav is <NavLink>s. The start page's HTML holds only its
// HydrateFallback: its clientLoader fetch()es /data/releases.json (and its build-time data by
// serverLoader()) before the page shows the list and a counter. One capture for the file: a
// mirror of the start page and the first three pages its nav links to (Guides, Child loggers,
// About).

const check = renderFixtureTests('react-router-framework', {}, ['--full', '--max-pages', '4']);

/** A reader's way through the mirror by the nav. */
const START = renderFixture('react-router-framework').shows;
const WALK = [
  { where: 'nav', via: 'Guides', shows: "12 of the guides pino's package ships" },
  { where: 'nav', via: 'Child loggers', shows: 'Guides / Child loggers (472 words)' },
  { where: 'nav', via: 'About', shows: 'About these notes' },
  { where: 'nav', via: 'Home', shows: START },
];

test('react-router-framework: every page is rendered for React Router and saved live on target, and offline the nav leads to the local copies, in Chromium', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { dir, manifest } = await check.capture();
  const pages = manifest.resources.filter((r) => r.contentType === 'text/html');
  expect(pages.map((r) => new URL(r.url).pathname).sort()).toEqual(['/', '/about', '/docs', '/docs/child-loggers']);
  // Every prerendered page hydrates (window.__reactRouterContext and the entry module are on each): all are rendered.
  for (const { url, render } of pages) {
    expect(render?.reason, url).toBe('React Router takes the page over in the browser');
    expect(render?.output, `${url}: ${JSON.stringify(render)}`).toBe('live');
    expect(render?.check, `${url}: ${JSON.stringify(render)}`).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1 });
  }
  await walkInChromium(browser, dir, START, WALK);
});

test('react-router-framework: the mirror navigates offline in Firefox too', async () => {
  test.setTimeout(90_000);
  const { dir } = await check.capture();
  await walkInFirefox(await check.firefoxBrowser(), dir, START, WALK);
});

// What only the start page's scripts do, offline: its list is the JSON its clientLoader fetched, and its counter counts.
const RELEASES = '.releases li';
const LOG = 'Log a line';

test('react-router-framework: offline, the start page works: the fetched release lines are listed and the counter counts, in Chromium and Firefox', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const capture = await check.capture();
  await inBothBrowsersOffline(browser, check, capture, {
    chromium: async (page: Page) => {
      await expect(page.locator(RELEASES)).toHaveCount(4);
      await expect(page.locator(RELEASES).first()).toHaveText('pino 9.x: released 2024-04-26, supported, no end date yet; Node.js 18, 20, 22');
      await expect(page.locator('.releases p')).toHaveText("pino's LTS schedule lists 4 release lines, 1 of them still supported.");
      // Its build-time data, which the clientLoader had from serverLoader(): the data inline in the page.
      await expect(page.locator('main > p').first()).toContainText("Here are 12 of pino 10.4.0's own guides (6,199 words)");
      // Hydrated once the button answers: clicked until it does, then twice more.
      const button = page.getByRole('button', { name: LOG });
      await expect(async () => {
        await button.click();
        await expect(page.locator('.counter output')).toHaveText('1 line logged', { timeout: 500 });
      }).toPass({ timeout: 10_000 });
      await button.click();
      await button.click();
      await expect(page.locator('.counter output')).toHaveText('3 lines logged');
      await expect(page.locator('.counter pre')).toHaveText('{"level":30,"msg":"hello #3"}');
    },
    firefox: async (page: PuppeteerPage) => {
      await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 4, { timeout: 10_000 }, RELEASES);
      expect(await page.$eval(RELEASES, (li) => li.textContent)).toBe('pino 9.x: released 2024-04-26, supported, no end date yet; Node.js 18, 20, 22');
      await page.waitForFunction(
        (label) => {
          const output = document.querySelector('.counter output');
          if (output?.textContent === '0 lines logged') [...document.querySelectorAll('button')].find((b) => b.textContent === label)?.click();
          return output?.textContent === '1 line logged';
        },
        { timeout: 10_000, polling: 250 },
        LOG,
      );
      expect(await page.$eval('.counter pre', (pre) => pre.textContent)).toBe('{"level":30,"msg":"hello #1"}');
    },
  });
});
