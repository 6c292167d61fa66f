import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../support/test.js';
import { moreButtonRoutes, NOTES } from '../../packages/archiver/test/render-more-buttons.fixture.js';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { openFirefoxTab, sharedFirefox } from '../support/firefox.js';
import { captureWithCli, type CliCapture } from '../support/capture.js';
import { openOffline } from '../support/offline.js';

// A list whose "Load more" button fetches its next part by an address its script computes,
// captured once with the built CLI (render: auto): offline, clicks on the button show the
// second part and then the third in Chromium and in Firefox, with nothing failed or sent online.

const posted: string[] = [];
let site: FixtureSite;
let capture: CliCapture;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  site = await serveFixture(moreButtonRoutes(posted));
  capture = await captureWithCli(site.url);
});

test.afterAll(async () => {
  await site?.close();
  await capture?.cleanup();
});

const first = NOTES[1]!.items;
const both = [...first, ...NOTES[2]!.items];
const all = [...both, ...NOTES[3]!.items];

test('the page is rendered and kept live; the button that posts never reached the site', () => {
  expect(capture.manifest.resources[0]?.render).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0 } });
  expect(posted).toEqual([]);
});

test('offline in Chromium, "Load more" shows the second part, then the third', async ({ browser }) => {
  const offline = await openOffline(browser, capture.dir);
  try {
    const notes = offline.page.locator('#notes li');
    await expect.poll(() => notes.allTextContents()).toEqual(first);
    await offline.page.locator('#more').click();
    await expect.poll(() => notes.allTextContents()).toEqual(both);
    await offline.page.locator('#more').click();
    await expect.poll(() => notes.allTextContents()).toEqual(all);
    expect(await offline.page.locator('#status').textContent()).toBe('');
    expect({ failed: offline.failedRequests, online: offline.networkRequests, errors: offline.pageErrors }).toEqual({ failed: [], online: [], errors: [] });
  } finally {
    await offline.close();
  }
});

test('offline in Firefox, "Load more" shows the second part, then the third', async () => {
  const firefox = await openFirefoxTab(await sharedFirefox());
  try {
    await firefox.page.goto(pathToFileURL(join(capture.dir, 'index.html')).href, { waitUntil: 'load' });
    const notes = () => firefox.page.$$eval('#notes li', (items) => items.map((item) => item.textContent));
    await expect.poll(notes).toEqual(first);
    await firefox.page.click('#more');
    await expect.poll(notes).toEqual(both);
    await firefox.page.click('#more');
    await expect.poll(notes).toEqual(all);
    expect(await firefox.page.$eval('#status', (status) => status.textContent)).toBe('');
    expect({ failed: firefox.failedRequests, online: firefox.onlineRequests, errors: firefox.pageErrors }).toEqual({ failed: [], online: [], errors: [] });
  } finally {
    await firefox.close();
  }
});
