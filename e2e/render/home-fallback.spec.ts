import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../support/test.js';
import { followInFirefox, openFirefoxTab } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import { renderFixtureTests } from './render-check.js';

// React Router with a catch-all route that shows the welcome page: from a folder, with the
// router reading `location` (the file's path), every page's live copy showed the welcome page and
// the deeper pages were saved as snapshots. Its browser history now reads the replay layer's
// address (runtime-patches.ts), so each live copy shows its own route and the whole mirror is
// live; a reader clicks through it offline.
const check = renderFixtureTests('home-fallback', {}, ['--full']);

/** The header's links in the order a reader follows them, and the heading each page shows. */
const WALK = [
  { link: 'Packing', heading: 'Packing light' },
  { link: 'Water', heading: 'Finding water' },
  { link: 'Ada', heading: 'Ada Moreau' },
  { link: 'Weather', heading: 'Reading the weather' },
  { link: 'Lin', heading: 'Lin Okafor' },
  { link: 'Welcome', heading: 'Welcome to Trail notes' },
];

test('home-fallback: the full mirror is live, each page showing its own route, and navigates offline in Chromium', async ({ browser }) => {
  test.setTimeout(180_000);
  const { dir, manifest } = await check.capture(['--full']);
  const outputs = Object.fromEntries(manifest.resources.flatMap((r) => (r.render ? [[new URL(r.url).pathname, r.render.output]] : [])));
  expect(outputs).toEqual({
    '/': 'live',
    '/guides/packing': 'live',
    '/guides/water': 'live',
    '/guides/weather': 'live',
    '/team/ada': 'live',
    '/team/lin': 'live',
  });
  const offline = await openOffline(browser, dir);
  try {
    const { page } = offline;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Trail notes');
    for (const step of WALK) {
      await page.getByRole('navigation').getByRole('link', { name: step.link, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(step.heading);
      expect(page.url()).toMatch(/^file:/);
    }
    expect(offline.networkRequests).toEqual([]);
    expect(offline.failedRequests).toEqual([]);
  } finally {
    await offline.close();
  }
});

test('home-fallback: the full mirror navigates offline in Firefox too', async () => {
  test.setTimeout(180_000);
  const { dir } = await check.capture(['--full']);
  const tab = await openFirefoxTab(await check.firefoxBrowser());
  try {
    const { page } = tab;
    const heading = () => page.evaluate(() => document.querySelector('h1')?.textContent ?? '');
    await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
    // The start page is the live copy: its heading comes once its scripts ran.
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Welcome to Trail notes', { polling: 100, timeout: 10_000 });
    for (const step of WALK) {
      const [link] = await page.$$(`xpath/.//nav/a[normalize-space()="${step.link}"]`);
      expect(link, step.link).toBeDefined();
      await followInFirefox(page, () => link!.click());
      await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, { polling: 100, timeout: 10_000 }, step.heading).catch(() => undefined);
      expect(await heading(), step.link).toBe(step.heading);
      expect(page.url()).toMatch(/^file:/);
    }
    expect(tab.onlineRequests).toEqual([]);
    expect(tab.failedRequests).toEqual([]);
  } finally {
    await tab.close();
  }
});
