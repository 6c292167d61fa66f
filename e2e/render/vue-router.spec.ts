import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../support/test.js';
import { openFirefoxTab } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import { renderFixtureTests } from './render-check.js';

// create-vue's router app (Vite 8, vue-router 5 in HTML5 history mode): the router matches
// `location.pathname`, each route but the start page is a lazy chunk with its own stylesheet,
// and the start and package pages fetch() JSON. Its pages are saved live: offline each copy
// shows its own route, and a RouterLink goes to the local copy of its page. One capture for the
// file: a mirror of the start page and the first three pages it links to (Packages, About and
// the first package).
const check = renderFixtureTests('vue-router', {}, ['--full', '--max-pages', '4']);

/** A reader's way through the mirror: each step clicks a link (in the nav or the page) and waits for the page's own words. */
const START = '5 packages, in their own words';
const WALK = [
  { where: 'nav', via: 'Packages', shows: 'Intuitive, type safe and flexible Store for Vue' },
  { where: 'main', via: 'vue', shows: 'License: MIT. Home page' },
  { where: 'nav', via: 'About', shows: 'About these notes' },
  { where: 'nav', via: 'Home', shows: START },
] as const;
type Where = (typeof WALK)[number]['where'];
const hasText = (words: string) => document.body.innerText.includes(words);

/** What the walk needs of a tab, in either browser's API. */
interface Tab {
  url(): string;
  /** Clicks the link with this text and waits for the page it loads. */
  follow(where: Where, via: string): Promise<void>;
  waitForText(words: string): Promise<void>;
}

async function walk(tab: Tab): Promise<void> {
  await tab.waitForText(START);
  for (const step of WALK) {
    const from = tab.url();
    await tab.follow(step.where, step.via);
    expect(tab.url()).not.toBe(from);
    expect(tab.url()).toMatch(/^file:/);
    await tab.waitForText(step.shows);
  }
}

test('vue-router: the mirror is live, and offline its RouterLinks lead to the local copies with their fetched data, in Chromium', async ({ browser }) => {
  test.setTimeout(90_000);
  const { dir, manifest } = await check.capture();
  const rendered = manifest.resources.filter((r) => r.render);
  expect(rendered.map((r) => new URL(r.url).pathname).sort()).toEqual(['/', '/about', '/packages', '/packages/vue']);
  for (const { url, render } of rendered) {
    expect(render?.output, `${url}: ${JSON.stringify(render)}`).toBe('live');
    expect(render?.check, `${url}: ${JSON.stringify(render)}`).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1 });
  }
  const offline = await openOffline(browser, dir);
  try {
    const { page } = offline;
    await walk({
      url: () => page.url(),
      follow: async (where, via) => {
        const from = page.url();
        const link = page.locator(`${where} a`).getByText(via, { exact: true });
        await Promise.all([page.waitForURL((url) => url.href !== from), link.click()]);
      },
      waitForText: async (words) => void (await page.waitForFunction(hasText, words, { timeout: 10_000 })),
    });
    expect([offline.networkRequests, offline.failedRequests, offline.pageErrors]).toEqual([[], [], []]);
  } finally {
    await offline.close();
  }
});

test('vue-router: the mirror navigates offline in Firefox too', async () => {
  test.setTimeout(90_000);
  const { dir } = await check.capture();
  const tab = await openFirefoxTab(await check.firefoxBrowser());
  try {
    const { page } = tab;
    await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
    await walk({
      url: () => page.url(),
      follow: async (where, via) => {
        const link = await page.waitForSelector(`::-p-xpath(//${where}//a[normalize-space()="${via}"])`);
        await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), link!.click()]);
      },
      waitForText: async (words) => void (await page.waitForFunction(hasText, { timeout: 10_000 }, words)),
    });
    expect([tab.onlineRequests, tab.failedRequests, tab.pageErrors]).toEqual([[], [], []]);
  } finally {
    await tab.close();
  }
});
