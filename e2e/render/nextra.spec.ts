import type { Page } from '@playwright/test';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { renderFixture } from '../../packages/archiver/test/support/render-fixtures.js';
import { expect, test } from '../support/test.js';
import { inBothBrowsersOffline } from './offline-interaction.js';
import { walkInChromium, walkInFirefox } from './offline-walk.js';
import { renderFixtureTests } from './render-check.js';

// Nextra 4's docs theme on Next.js 16 as `next build` exports it (App Router, Turbopack,
// `output: 'export'`): every page a `<page>.html` whose HTML is the page, server-rendered, then
// hydrated by React: its router moves between pages by fetching the next page's RSC payload
// (`<page>.txt`). Pino's own guides under /guides with the theme's sidebar (Home, the Guides
// folder, About), a navbar whose logo leads home, and a Pagefind search box. The start page's
// client component fetch()es /data/releases.json in the browser (the HTML holds only "Loading the
// release lines…") and has a counter. One capture for the file: a mirror of the start page and
// the first three pages it links to, in the sidebar's order (All guides, Asynchronous Logging,
// Bundling).

const check = renderFixtureTests('nextra', {}, ['--full', '--max-pages', '4']);

/** A reader's way through the mirror by the sidebar (the <aside>) and the navbar's logo (in the <header>). */
const START = renderFixture('nextra').shows;
const WALK = [
  { where: 'aside', via: 'All guides', shows: '5 of the guides pino 10.4.0 ships in its package (1,566 words)' },
  { where: 'aside', via: 'Bundling', shows: 'Esbuild Plugin' },
  { where: 'aside', via: 'Asynchronous Logging', shows: 'AWS Lambda' },
  { where: 'header', via: 'Pino field notes', shows: START },
];

test('nextra: every page is rendered for Next.js and saved live on target, and offline the sidebar and navbar lead to the local copies, in Chromium', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { dir, manifest } = await check.capture();
  const pages = manifest.resources.filter((r) => r.contentType === 'text/html');
  expect(pages.map((r) => new URL(r.url).pathname).sort()).toEqual(['/', '/guides', '/guides/asynchronous', '/guides/bundling']);
  // Every page's HTML is whole (server-rendered), but Next.js's client takes it over (hydration, its router's RSC fetches): all are rendered.
  for (const { url, render } of pages) {
    expect(render?.reason, url).toBe('Next.js takes the page over in the browser');
    expect(render?.output, `${url}: ${JSON.stringify(render)}`).toBe('live');
    expect(render?.check, `${url}: ${JSON.stringify(render)}`).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1 });
  }
  await walkInChromium(browser, dir, START, WALK);
});

test('nextra: the mirror navigates offline in Firefox too', async () => {
  test.setTimeout(90_000);
  const { dir } = await check.capture();
  await walkInFirefox(await check.firefoxBrowser(), dir, START, WALK);
});

// What only the start page's scripts do, offline: its list is the JSON its component fetched, and its counter counts.
const RELEASES = '.releases li';
const LOG = 'Log a line';

test('nextra: offline, the start page works: the fetched release lines are listed and the counter counts, in Chromium and Firefox', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const capture = await check.capture();
  await inBothBrowsersOffline(browser, check, capture, {
    chromium: async (page: Page) => {
      // The page's own heading, as served.
      await expect(page.locator('article h1')).toHaveText('Pino field notes');
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
