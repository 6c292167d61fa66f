import type { Page } from '@playwright/test';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { renderFixture } from '../../packages/archiver/test/support/render-fixtures.js';
import { expect, test } from '../support/test.js';
import { inBothBrowsersOffline } from './offline-interaction.js';
import { walkInChromium, walkInFirefox } from './offline-walk.js';
import { renderFixtureTests } from './render-check.js';

// VuePress 2 as `vuepress build` writes it (Vite bundler, default theme): every page a `<page>.html`
// (a folder's README as `<folder>/index.html`) whose HTML is the page, server-rendered, then taken
// over by Vue: its router moves between pages by import()ing the next page's chunk. Pino's own
// guides under /guide/ with a sidebar, a navbar (Home, Guides, About) and the theme's search box.
// The start page is the theme's home (hero, features) whose Vue component fetch()es
// /data/releases.json in the browser (the HTML holds only "Loading the release lines…") and has a
// counter. One capture for the file: a mirror of the start page and the first three pages it
// links to (Guides, About, and Child loggers from the hero).

const check = renderFixtureTests('vuepress', {}, ['--full', '--max-pages', '4']);

/** A reader's way through the mirror by the navbar (in the <header>) and the guides' sidebar (the <aside>). */
const START = renderFixture('vuepress').shows;
const WALK = [
  { where: 'header', via: 'Guides', shows: '7 of the guides pino 10.4.0 ships in its package (3,632 words)' },
  { where: 'aside', via: 'Child loggers', shows: 'Duplicate keys caveat' },
  { where: 'header', via: 'About', shows: 'About these notes' },
  { where: 'header', via: 'Home', shows: START },
];

test('vuepress: every page is rendered for VuePress and saved live on target, and offline the navbar and sidebar lead to the local copies, in Chromium', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { dir, manifest } = await check.capture();
  const pages = manifest.resources.filter((r) => r.contentType === 'text/html');
  expect(pages.map((r) => new URL(r.url).pathname).sort()).toEqual(['/', '/about.html', '/guide/', '/guide/child-loggers.html']);
  // Every page's HTML is whole (server-rendered), but VuePress's client takes it over (its router, the page's chunk import()ed at run time): all are rendered.
  for (const { url, render } of pages) {
    expect(render?.reason, url).toBe('VuePress takes the page over in the browser');
    expect(render?.output, `${url}: ${JSON.stringify(render)}`).toBe('live');
    expect(render?.check, `${url}: ${JSON.stringify(render)}`).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1 });
  }
  await walkInChromium(browser, dir, START, WALK);
});

test('vuepress: the mirror navigates offline in Firefox too', async () => {
  test.setTimeout(90_000);
  const { dir } = await check.capture();
  await walkInFirefox(await check.firefoxBrowser(), dir, START, WALK);
});

// What only the start page's scripts do, offline: its list is the JSON its component fetched, and its counter counts.
const RELEASES = '.releases li';
const LOG = 'Log a line';

test('vuepress: offline, the start page works: the fetched release lines are listed and the counter counts, in Chromium and Firefox', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const capture = await check.capture();
  await inBothBrowsersOffline(browser, check, capture, {
    chromium: async (page: Page) => {
      // The theme's hero, as served.
      await expect(page.locator('.vp-hero')).toContainText("pino's own guides, read in a VuePress site");
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
