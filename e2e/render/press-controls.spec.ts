import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../support/test.js';
import { CHOICE, PRESSES, pressControlRoutes, SHADOW_PRESS, SHOWN } from '../../packages/archiver/test/render-press-controls.fixture.js';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { openFirefoxTab, sharedFirefox } from '../support/firefox.js';
import { captureWithCli, type CliCapture } from '../support/capture.js';
import { openOffline } from '../support/offline.js';

// A page whose controls (a button, a summary, a tab, a panel's button, a web component's, a menu) fetch what they show by
// addresses their script computes, captured once with the built CLI (render: auto): offline,
// each control shows what it showed online in Chromium and in Firefox, nothing failed or sent
// online; "Log out" was never pressed by the render, and the control that posts never reached the site.

const posted: string[] = [];
let site: FixtureSite;
let capture: CliCapture;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  site = await serveFixture(pressControlRoutes(posted));
  capture = await captureWithCli(site.url);
});

test.afterAll(async () => {
  await site?.close();
  await capture?.cleanup();
});

test('the page is rendered and kept live; "Log out" and the control that posts never reached the site', () => {
  expect(capture.manifest.resources[0]?.render).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0 } });
  expect(site.hits.get('/logout')).toBeUndefined();
  expect(posted).toEqual([]);
});

test('offline in Chromium, each control shows what it fetched online', async ({ browser }) => {
  const offline = await openOffline(browser, capture.dir);
  try {
    const { page } = offline;
    await expect.poll(() => page.locator('#intro').textContent()).toBe('A kettle for the hills.');
    for (const control of [...PRESSES, `${SHADOW_PRESS.host} ${SHADOW_PRESS.button}`]) await page.locator(control).click();
    for (const [id, text] of Object.entries(SHOWN)) await expect.poll(() => page.locator(`#${id}`).textContent()).toBe(text);
    await page.selectOption(CHOICE.menu, CHOICE.value);
    await expect.poll(() => page.locator(`#${CHOICE.id}`).textContent()).toBe(CHOICE.text);
    expect({ failed: offline.failedRequests, online: offline.networkRequests, errors: offline.pageErrors }).toEqual({ failed: [], online: [], errors: [] });
  } finally {
    await offline.close();
  }
});

test('offline in Firefox, each control shows what it fetched online', async () => {
  const firefox = await openFirefoxTab(await sharedFirefox());
  try {
    const { page } = firefox;
    await page.goto(pathToFileURL(join(capture.dir, 'index.html')).href, { waitUntil: 'load' });
    const text = (selector: string) => () => page.$eval(selector, (element) => element.textContent);
    await expect.poll(text('#intro')).toBe('A kettle for the hills.');
    for (const control of [...PRESSES, `${SHADOW_PRESS.host} >>> ${SHADOW_PRESS.button}`]) await page.click(control);
    for (const [id, shown] of Object.entries(SHOWN)) await expect.poll(text(`#${id}`)).toBe(shown);
    await page.select(CHOICE.menu, CHOICE.value);
    await expect.poll(text(`#${CHOICE.id}`)).toBe(CHOICE.text);
    expect({ failed: firefox.failedRequests, online: firefox.onlineRequests, errors: firefox.pageErrors }).toEqual({ failed: [], online: [], errors: [] });
  } finally {
    await firefox.close();
  }
});
