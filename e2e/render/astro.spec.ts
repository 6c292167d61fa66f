import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { renderFixture } from '../../packages/archiver/test/support/render-fixtures.js';
import { expect, test } from '../support/test.js';
import { inBothBrowsersOffline } from './offline-interaction.js';
import { walkInChromium, walkInFirefox } from './offline-walk.js';
import { renderFixtureTests, type Capture } from './render-check.js';

// An Astro 5 site as `astro build` writes it (static output, `<page>/index.html`): pino's own
// guides on pages written at build time, Preact islands, and Astro's client router
// (<ClientRouter /> from astro:transitions) in the layout, which moves between pages by
// fetch()ing the next page's HTML. The start page's island (client:load) fetch()es
// /data/releases.json and filters it; the guides' list has an island below the fold
// (client:visible) that hydrates once it scrolls into view. One capture for the file: a mirror
// of the start page and the first three pages its nav links to (Guides, API, About).

const check = renderFixtureTests('astro', {}, ['--full', '--max-pages', '4']);

/** A reader's way through the mirror by the nav. */
const START = renderFixture('astro').shows;
const WALK = [
  { where: 'nav', via: 'Guides', shows: "14 guides ship in pino's package" },
  { where: 'nav', via: 'API', shows: 'Guides / API (7,261 words)' },
  { where: 'nav', via: 'About', shows: 'About this handbook' },
  { where: 'nav', via: 'Home', shows: START },
];

/** The copy's file of a page of the site, by its path online. */
function fileOf(capture: Capture, path: string): string {
  const resource = capture.manifest.resources.find((r) => new URL(r.url).pathname === path);
  expect(resource?.path, `${path} is in the mirror`).toBeTruthy();
  return pathToFileURL(join(capture.dir, resource!.path!)).href;
}

test('astro: the island pages are saved live on target, and offline the nav leads to the local copies, in Chromium', async ({ browser }) => {
  test.setTimeout(90_000);
  const { dir, manifest } = await check.capture();
  const pages = manifest.resources.filter((r) => r.contentType === 'text/html');
  expect(pages.map((r) => new URL(r.url).pathname).sort()).toEqual(['/', '/about/', '/docs/', '/docs/api/']);
  const reasons = Object.fromEntries(pages.map((r) => [new URL(r.url).pathname, r.render?.reason]));
  // The pages with islands are rendered for them; /about/ (no island, its HTML is the page) is
  // saved as served, its client router kept: the link guard (capture/link-guard.ts) takes its
  // links' clicks. (/docs/api/ was rendered too, for a word of the router's bundle that is also
  // the id of an empty anchor in pino's API guide: either way is right.)
  expect(reasons).toMatchObject({ '/': 'Astro islands takes the page over in the browser', '/docs/': 'Astro islands takes the page over in the browser', '/about/': undefined });
  const about = pages.find((r) => new URL(r.url).pathname === '/about/')!;
  expect(readFileSync(join(dir, about.path!), 'utf8')).toContain('sitezip: links to this copy');
  for (const { url, render } of pages.filter((r) => r.render)) {
    expect(render?.output, `${url}: ${JSON.stringify(render)}`).toBe('live');
    expect(render?.check, `${url}: ${JSON.stringify(render)}`).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1, pixelDiff: 0 });
  }
  await walkInChromium(browser, dir, START, WALK);
});

test('astro: the mirror navigates offline in Firefox too', async () => {
  test.setTimeout(90_000);
  const { dir } = await check.capture();
  await walkInFirefox(await check.firefoxBrowser(), dir, START, WALK);
});

// What only the islands' scripts do, offline: the start page's list is the fetched JSON and its
// toggle filters it; the guides' chart, hydrated once scrolled into view, sorts itself.
const RELEASES = '.releases li';
const SUPPORTED = 'Only supported lines';
const SORT = 'Sort by length';

test('astro: offline, the islands work: the fetched release lines filter, the chart below the fold sorts, in Chromium and Firefox', async ({ browser }) => {
  test.setTimeout(90_000);
  const capture = await check.capture();
  const guides = fileOf(capture, '/docs/');
  await inBothBrowsersOffline(browser, check, capture, {
    chromium: async (page: Page) => {
      await expect(page.locator(RELEASES)).toHaveCount(4);
      await expect(page.locator(RELEASES).first()).toHaveText('pino 9.x: released 2024-04-26, supported, no end date yet; Node.js 18, 20, 22');
      await page.getByRole('button', { name: SUPPORTED }).click();
      await expect(page.locator('.releases p')).toHaveText("4 release lines in pino's LTS schedule, 1 still supported.");
      await expect(page.locator(RELEASES)).toHaveCount(1);

      await page.goto(guides, { waitUntil: 'load' });
      const button = page.getByRole('button', { name: SORT });
      await button.scrollIntoViewIfNeeded();
      // Hydrated once the button answers: clicked until it does.
      await expect(async () => {
        await button.click();
        await expect(page.locator('.sizes figcaption')).toContainText('longest first', { timeout: 500 });
      }).toPass({ timeout: 10_000 });
      await expect(page.locator('.sizes .name').nth(1)).toHaveText('Transports');
    },
    firefox: async (page: PuppeteerPage) => {
      await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 4, { timeout: 10_000 }, RELEASES);
      await page.waitForFunction(
        (selector, label) => {
          const button = [...document.querySelectorAll('button')].find((b) => b.textContent === label);
          button?.click();
          return document.querySelectorAll(selector).length === 1;
        },
        { timeout: 10_000, polling: 250 },
        RELEASES,
        SUPPORTED,
      );
      expect(await page.$eval(RELEASES, (li) => li.textContent)).toContain('pino 9.x');

      await page.goto(guides, { waitUntil: 'load' });
      await page.$eval('.sizes', (figure) => figure.scrollIntoView());
      await page.waitForFunction(
        (label) => {
          const button = [...document.querySelectorAll('.sizes button')].find((b) => b.textContent === label) as HTMLElement | undefined;
          button?.click();
          return document.querySelector('.sizes figcaption')?.textContent?.includes('longest first');
        },
        { timeout: 10_000, polling: 250 },
        SORT,
      );
      expect(await page.$$eval('.sizes .name', (names) => names[1]?.textContent)).toBe('Transports');
    },
  });
});
