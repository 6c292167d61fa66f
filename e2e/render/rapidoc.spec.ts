import { expect, test } from '../support/test.js';
import { openFirefoxTab } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import { PAGE_TEXT } from '../../packages/archiver/src/render/in-page.js';
import { renderFixtureTests } from './render-check.js';

// RapiDoc: a web component (its bundle a module script) whose whole UI is in its shadow root,
// built from the OpenAPI spec it fetch()es. What only running scripts do: an operation opens
// when its summary is clicked, showing its request body.
const check = renderFixtureTests('rapidoc');

const OPERATION = 'Add a new pet to the store';
const OPENED = 'Pet object that needs to be added to the store';

// Clicks the operation's summary inside the shadow root; answers whether it was there.
const OPEN_OPERATION = `(() => {
  const root = document.querySelector('rapi-doc')?.shadowRoot;
  const summary = root && [...root.querySelectorAll('summary.endpoint-head')].find((s) => s.textContent.includes(${JSON.stringify(OPERATION)}));
  summary?.click();
  return !!summary;
})()`;
const SHOWS_OPENED = `(${PAGE_TEXT}).includes(${JSON.stringify(OPENED)})`;

test('rapidoc: the live copy is kept, and offline an operation opens in Chromium and in Firefox', async ({ browser }) => {
  test.setTimeout(90_000);
  const capture = await check.capture();
  const render = capture.manifest.resources[0]?.render;
  expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });

  const offline = await openOffline(browser, capture.dir);
  try {
    const { page } = offline;
    await page.locator('summary.endpoint-head', { hasText: OPERATION }).waitFor();
    expect(await page.evaluate(SHOWS_OPENED)).toBe(false);
    expect(await page.evaluate(OPEN_OPERATION)).toBe(true);
    await page.waitForFunction(SHOWS_OPENED, undefined, { polling: 100 });
    expect(offline.failedRequests).toEqual([]);
    expect(offline.networkRequests).toEqual([]);
    expect(offline.pageErrors).toEqual([]);
  } finally {
    await offline.close();
  }

  const firefox = await openFirefoxTab(await check.firefoxBrowser());
  try {
    const { page } = firefox;
    await page.goto(capture.index, { waitUntil: 'load' });
    await page.waitForFunction(`(${PAGE_TEXT}).includes(${JSON.stringify(OPERATION)})`, { polling: 100, timeout: 10_000 });
    expect(await page.evaluate(SHOWS_OPENED)).toBe(false);
    expect(await page.evaluate(OPEN_OPERATION)).toBe(true);
    await page.waitForFunction(SHOWS_OPENED, { polling: 100, timeout: 10_000 });
    expect(firefox.failedRequests).toEqual([]);
    expect(firefox.onlineRequests).toEqual([]);
    expect(firefox.pageErrors).toEqual([]);
  } finally {
    await firefox.close();
  }
});
