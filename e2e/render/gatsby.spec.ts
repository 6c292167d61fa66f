import type { Page } from '@playwright/test';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { renderFixture } from '../../packages/archiver/test/support/render-fixtures.js';
import { expect, test } from '../support/test.js';
import { inBothBrowsersOffline } from './offline-interaction.js';
import { walkInChromium, walkInFirefox } from './offline-walk.js';
import { renderFixtureTests } from './render-check.js';

// A Gatsby 5 site as `gatsby build` writes it (every page a `<page>/index.html`, prerendered, and
// its data in `/page-data/<page>/page-data.json`): pino's own guides on pages made by createPages
// from gatsby-source-filesystem and gatsby-transformer-remark, a layout whose nav is Gatsby
// <Link>s. Gatsby's runtime hydrates every page: it reads the page's address from `window`
// (`const { pagePath, location } = window`) to load its page data, and its router moves between
// pages by fetching (XHR) the next page's page-data.json and component chunk, prefetched 3 s after
// its links came into view. The start page's component fetch()es /data/releases.json in a
// useEffect and has a counter. One capture for the file: a mirror of the start page and the first
// three pages its nav links to (Guides, API, About).

const check = renderFixtureTests('gatsby', {}, ['--full', '--max-pages', '4']);

/** A reader's way through the mirror by the nav. */
const START = renderFixture('gatsby').shows;
const WALK = [
  { where: 'nav', via: 'Guides', shows: "14 guides come with pino's package" },
  { where: 'nav', via: 'API', shows: 'Guides / API (4,471 words' },
  { where: 'nav', via: 'About', shows: 'About these notes' },
  { where: 'nav', via: 'Home', shows: START },
];

test('gatsby: every page is rendered for Gatsby and saved live on target, and offline the nav leads to the local copies, in Chromium', async ({ browser }) => {
  test.setTimeout(90_000);
  const { dir, manifest } = await check.capture();
  const pages = manifest.resources.filter((r) => r.contentType === 'text/html');
  expect(pages.map((r) => new URL(r.url).pathname).sort()).toEqual(['/', '/about/', '/docs/', '/docs/api/']);
  // Gatsby hydrates every page (its <div id="___gatsby"> and runtime are on each): all are rendered.
  for (const { url, render } of pages) {
    expect(render?.reason, url).toBe('Gatsby takes the page over in the browser');
    expect(render?.output, `${url}: ${JSON.stringify(render)}`).toBe('live');
    expect(render?.check, `${url}: ${JSON.stringify(render)}`).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1 });
  }
  await walkInChromium(browser, dir, START, WALK);
});

test('gatsby: the mirror navigates offline in Firefox too', async () => {
  test.setTimeout(90_000);
  const { dir } = await check.capture();
  await walkInFirefox(await check.firefoxBrowser(), dir, START, WALK);
});

// What only the start page's scripts do, offline: its list is the fetched JSON, and its counter counts.
const RELEASES = '.releases li';
const LOG = 'Log a line';

test('gatsby: offline, the start page works: the fetched release lines are listed and the counter counts, in Chromium and Firefox', async ({ browser }) => {
  test.setTimeout(90_000);
  const capture = await check.capture();
  await inBothBrowsersOffline(browser, check, capture, {
    chromium: async (page: Page) => {
      await expect(page.locator(RELEASES)).toHaveCount(4);
      await expect(page.locator(RELEASES).first()).toHaveText('pino 9.x: released 2024-04-26, supported, no end date yet; Node.js 18, 20, 22');
      await expect(page.locator('.releases p')).toHaveText("pino's LTS schedule lists 4 release lines, 1 of them still supported.");
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
