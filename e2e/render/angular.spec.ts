import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../support/test.js';
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
const START = 'Notes on the packages an Angular app is built from';
const WALK = [
  { via: 'Packages', shows: '9 packages in this build' },
  { via: 'About', shows: 'About these notes' },
  { via: 'Home', shows: START },
];
const hasText = (words: string) => document.body.innerText.includes(words);

/** What the walk needs of a tab, in either browser's API. */
interface Tab {
  url(): string;
  /** Clicks the header link with this text and waits for the page it loads. */
  follow(via: string): Promise<void>;
  waitForText(words: string): Promise<void>;
}

async function walk(tab: Tab): Promise<void> {
  await tab.waitForText(START);
  for (const step of WALK) {
    const from = tab.url();
    await tab.follow(step.via);
    expect(tab.url()).not.toBe(from);
    expect(tab.url()).toMatch(/^file:/);
    await tab.waitForText(step.shows);
  }
}

test('angular: the mirror is live, and offline its router links lead to the local copies with their HttpClient data, in Chromium', async ({ browser }) => {
  test.setTimeout(90_000);
  const { dir, manifest } = await check.capture();
  const rendered = manifest.resources.filter((r) => r.render);
  expect(rendered.map((r) => new URL(r.url).pathname).sort()).toEqual(['/', '/about', '/packages']);
  // Each page checked (a route shape of its own) and kept live, or, where a check under heavy load
  // judged its live copy before Angular drew the route, its snapshot: either reads right offline.
  for (const { url, render } of rendered) {
    expect(render?.check, `${url}: ${JSON.stringify(render)}`).toMatchObject({ failedRequests: 0, onlineRequests: 0 });
    expect(render?.check?.textMatch, `${url}: ${JSON.stringify(render)}`).toBeGreaterThanOrEqual(0.98);
  }
  expect(rendered.find((r) => new URL(r.url).pathname === '/')?.render?.output).toBe('live');
  const offline = await openOffline(browser, dir);
  try {
    const { page } = offline;
    await walk({
      url: () => page.url(),
      follow: async (via) => {
        const from = page.url();
        await Promise.all([page.waitForURL((url) => url.href !== from), page.locator('nav a', { hasText: via }).click()]);
      },
      waitForText: async (words) => void (await page.waitForFunction(hasText, words, { timeout: 10_000 })),
    });
    expect([offline.networkRequests, offline.failedRequests, offline.pageErrors]).toEqual([[], [], []]);
  } finally {
    await offline.close();
  }
});

test('angular: the mirror navigates offline in Firefox too', async () => {
  test.setTimeout(90_000);
  const { dir } = await check.capture();
  const tab = await openFirefoxTab(await check.firefoxBrowser());
  try {
    const { page } = tab;
    await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
    await walk({
      url: () => page.url(),
      follow: async (via) => {
        const link = await page.waitForSelector(`::-p-xpath(//nav/a[normalize-space()="${via}"])`);
        await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), link!.click()]);
      },
      waitForText: async (words) => void (await page.waitForFunction(hasText, { timeout: 10_000 }, words)),
    });
    expect([tab.onlineRequests, tab.failedRequests, tab.pageErrors]).toEqual([[], [], []]);
  } finally {
    await tab.close();
  }
});
