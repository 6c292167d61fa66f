import type { Page } from '@playwright/test';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { renderFixture } from '../../packages/archiver/test/support/render-fixtures.js';
import { expect, test } from '../support/test.js';
import { followInFirefox } from '../support/firefox.js';
import { inBothBrowsersOffline } from './offline-interaction.js';
import { walkInChromium, walkInFirefox, type WalkStep } from './offline-walk.js';
import { renderFixtureTests } from './render-check.js';

// The framework fixtures built around pino's own guides (gatsby, react-router-framework, vuepress,
// nextra) share their shape: a start page whose script fetch()es /data/releases.json (pino's LTS
// schedule) and has a "Log a line" counter, and a nav to the guides and an about page. Each spec
// says what differs: its pages, why they are rendered, the way through them, what its start page
// shows as served. One capture for the file: a mirror of the start page and three pages it links to.

export interface PinoGuidesSite {
  /** The mirror's pages by path, sorted. */
  pages: string[];
  /** Why auto renders every one of them (the manifest's render.reason). */
  reason: string;
  /** The first test's title after "<name>: ". */
  title: string;
  /** A reader's way through the mirror, back to the start page last. */
  walk: WalkStep[];
  /** What the start page shows besides what its script fetched (checked once that is there), in Chromium. */
  served?: (page: Page) => Promise<void>;
  /** The site's search box offline: what is typed, the hit followed (a page of the mirror) and where it lands. */
  search?: { query: string; hit: string; lands: RegExp; heading: string };
}

const RELEASES = '.releases li';
const FIRST_RELEASE = 'pino 9.x: released 2024-04-26, supported, no end date yet; Node.js 18, 20, 22';
const LOG = 'Log a line';

export function pinoGuidesSiteTests(name: string, site: PinoGuidesSite): void {
  const check = renderFixtureTests(name, {}, ['--full', '--max-pages', '4']);
  const start = renderFixture(name).shows;

  test(`${name}: ${site.title}`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { dir, manifest } = await check.capture();
    const pages = manifest.resources.filter((r) => r.contentType === 'text/html');
    expect(pages.map((r) => new URL(r.url).pathname).sort()).toEqual(site.pages);
    for (const { url, render } of pages) {
      expect(render?.reason, url).toBe(site.reason);
      expect(render?.output, `${url}: ${JSON.stringify(render)}`).toBe('live');
      expect(render?.check, `${url}: ${JSON.stringify(render)}`).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1 });
    }
    await walkInChromium(browser, dir, start, site.walk);
  });

  test(`${name}: the mirror navigates offline in Firefox too`, async () => {
    test.setTimeout(90_000);
    const { dir } = await check.capture();
    await walkInFirefox(await check.firefoxBrowser(), dir, start, site.walk);
  });

  const search = site.search;
  if (search) {
    // Its index comes by script only as someone types (Pagefind's: capture/pagefind.ts); its hit is the router's to follow.
    test(`${name}: offline, the search box finds a guide and its hit opens the page's local copy, in Chromium and Firefox`, async ({ browser }) => {
      test.setTimeout(90_000);
      const capture = await check.capture();
      const box = 'input[type=search]';
      await inBothBrowsersOffline(browser, check, capture, {
        chromium: async (page: Page) => {
          await page.locator(box).first().pressSequentially(search.query, { delay: 20 });
          const hit = page.getByRole('option').filter({ hasText: search.hit }).first();
          await Promise.all([page.waitForURL(search.lands), hit.click()]);
          await expect(page.locator('h1').first()).toHaveText(search.heading);
        },
        firefox: async (page: PuppeteerPage) => {
          await page.type(box, search.query, { delay: 20 });
          const option = await page.waitForSelector(`::-p-xpath(//*[@role="option"][contains(., ${JSON.stringify(search.hit)})])`, { timeout: 10_000 });
          const landed = await followInFirefox(page, () => option!.click());
          expect(landed).toMatch(search.lands);
          expect(await page.$eval('h1', (h1) => h1.textContent)).toBe(search.heading);
        },
      });
    });
  }

  // What only the start page's scripts do, offline: its list is the fetched JSON, and its counter counts.
  test(`${name}: offline, the start page works: the fetched release lines are listed and the counter counts, in Chromium and Firefox`, async ({ browser }) => {
    test.setTimeout(90_000);
    const capture = await check.capture();
    await inBothBrowsersOffline(browser, check, capture, {
      chromium: async (page: Page) => {
        await expect(page.locator(RELEASES)).toHaveCount(4);
        await expect(page.locator(RELEASES).first()).toHaveText(FIRST_RELEASE);
        await expect(page.locator('.releases p')).toHaveText("pino's LTS schedule lists 4 release lines, 1 of them still supported.");
        await site.served?.(page);
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
        expect(await page.$eval(RELEASES, (li) => li.textContent)).toBe(FIRST_RELEASE);
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
}
