import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import type { Page as FirefoxPage } from 'puppeteer-core';
import { followInFirefox, openFirefoxTab } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import { renderFixtureTests } from './render-check.js';

// Next.js 16 (App Router, built by Turbopack, a static export): pages rendered at build time
// that React hydrates, a client router that takes over links, and a search box whose index the
// page fetch()es at run time. Its pages are saved live (the app's own scripts, hydrated on the
// replay layer): the copy shows what the browser built (the index's count), its search box
// searches offline, and a full mirror navigates offline from page to local page.
const check = renderFixtureTests('nextjs', {}, ['--full']);

/** A reader's way through the site: each step clicks a link (by its text) of the page before it. */
const WALK = [
  { via: undefined, heading: 'Getting Started', shows: '18 guides indexed' },
  // In Chromium, by a hit of the search box: a link the page's scripts made, to a local copy.
  { via: 'Installation', heading: 'Installation', hit: true },
  { via: 'Next: Project structure and organization', heading: 'Project structure and organization' },
  { via: 'Home', heading: 'To get started, edit the page.tsx file.' },
  { via: 'Getting Started guide', heading: 'Getting Started', shows: '18 guides indexed' },
];

// Marks the first link whose text has the words, so that each browser's own click can find it.
const markLink = (text: string) => `(() => {
  document.querySelector('[data-e2e-next]')?.removeAttribute('data-e2e-next');
  const link = [...document.querySelectorAll('a')].find((a) => a.textContent.includes(${JSON.stringify(text)}));
  if (!link) return 'no link';
  link.setAttribute('data-e2e-next', '');
  return link.href;
})()`;
const SEARCH_HITS = '[data-testid="search-status"] + ul a';
const pageText = `document.querySelector('h1')?.textContent.trim() + '\\n' + document.body.innerText`;

test('nextjs: a full mirror navigates offline through the guide and the home page, with the run-time content, in Chromium', async ({ browser }) => {
  test.setTimeout(300_000);
  const { dir, manifest } = await check.capture(['--full']);
  const rendered = manifest.resources.filter((r) => r.render && r.render.output !== 'static');
  expect(manifest.resources.filter((r) => r.render?.output === 'static').map((r) => `${r.url}: ${r.render?.error}`)).toEqual([]);
  expect(rendered.length).toBeGreaterThanOrEqual(20);
  expect(rendered.filter((r) => r.render?.output !== 'live').map((r) => `${r.url}: ${JSON.stringify(r.render?.candidates)}`)).toEqual([]);
  const offline = await openOffline(browser, dir);
  try {
    const { page } = offline;
    for (const step of WALK) {
      if (step.via) await (step.hit ? clickHit(page, step.via) : clickThrough(page, step.via));
      expect(page.url()).toMatch(/^file:/);
      // The live copy shows the index's count once its scripts fetched it.
      if (step.shows) await page.waitForFunction((words) => document.body.innerText.includes(words), step.shows, { timeout: 10_000 });
      const text = (await page.evaluate(pageText)) as string;
      expect(text.split('\n')[0], page.url()).toBe(step.heading);
      if (step.shows) expect(text, page.url()).toContain(step.shows);
      // Live, not a picture: typing in the search box lists the guides that match.
      if (step.shows) {
        await page.getByLabel('Search the guide').fill('installation');
        await expect(page.locator(SEARCH_HITS, { hasText: 'Installation' })).toBeVisible();
        // Its hits are links too: cleared, so that the walk clicks the page's own.
        await page.getByLabel('Search the guide').fill('');
      }
    }
    expect(offline.networkRequests).toEqual([]);
    expect(offline.failedRequests).toEqual([]);
  } finally {
    await offline.close();
  }
});

async function clickHit(page: Page, words: string): Promise<void> {
  await page.getByLabel('Search the guide').fill(words.toLowerCase());
  const before = page.url();
  await Promise.all([page.waitForURL((url) => url.href !== before, { waitUntil: 'load' }), page.locator(SEARCH_HITS, { hasText: words }).first().click()]);
  expect(page.url(), `where the search hit "${words}" led`).toMatch(/^file:/);
}

async function clickThrough(page: Page, via: string): Promise<void> {
  const href = (await page.evaluate(markLink(via))) as string;
  expect(href, `the link "${via}"`).toMatch(/^file:/);
  await Promise.all([page.waitForURL(href, { waitUntil: 'load' }), page.locator('[data-e2e-next]').click()]);
}

test('nextjs: the full mirror navigates offline in Firefox too', async () => {
  test.setTimeout(300_000);
  const { dir } = await check.capture(['--full']);
  const tab = await openFirefoxTab(await check.firefoxBrowser());
  try {
    const { page } = tab;
    await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
    for (const step of WALK) {
      if (step.via) await clickThroughFirefox(page, step.via);
      if (step.shows) await page.waitForFunction((words) => document.body.innerText.includes(words), { timeout: 10_000 }, step.shows);
      const text = (await page.evaluate(pageText)) as string;
      expect(text.split('\n')[0], page.url()).toBe(step.heading);
      if (step.shows) expect(text, page.url()).toContain(step.shows);
      if (step.shows) {
        await page.type('input[aria-label="Search the guide"]', 'installation');
        await page.waitForFunction((hits) => [...document.querySelectorAll(hits)].some((a) => a.textContent === 'Installation'), { timeout: 10_000 }, SEARCH_HITS);
        await page.$eval('input[aria-label="Search the guide"]', (input) => {
          (input as HTMLInputElement).select();
        });
        await page.keyboard.press('Backspace');
      }
    }
    expect(tab.onlineRequests).toEqual([]);
    expect(tab.failedRequests).toEqual([]);
  } finally {
    await tab.close();
  }
});

async function clickThroughFirefox(page: FirefoxPage, via: string): Promise<void> {
  const href = (await page.evaluate(markLink(via))) as string;
  expect(href, `the link "${via}"`).toMatch(/^file:/);
  expect(await followInFirefox(page, () => page.click('[data-e2e-next]'))).toBe(href);
}
