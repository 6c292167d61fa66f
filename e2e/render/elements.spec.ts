import { expect, test } from '../support/test.js';
import { inBothBrowsersOffline, liveCapture } from './offline-interaction.js';
import { renderFixtureTests } from './render-check.js';

// Stoplight Elements: a web component (a classic-script bundle, React inside) that fetch()es the
// USPTO Data Set API's spec and routes by the address's hash. What only running scripts do: the
// sidebar opens a group, and its operation's page is shown at its own hash.
const check = renderFixtureTests('elements');

const GROUP = 'metadata';
const OPERATION = 'List available data sets';
const OPENED = 'Returns a list of data sets';
const HASH = '#/operations/list-data-sets';

test('elements: the live copy is kept, and offline the sidebar opens an operation in Chromium and in Firefox', async ({ browser }) => {
  test.setTimeout(90_000);
  const capture = await liveCapture(check);
  await inBothBrowsersOffline(browser, check, capture, {
    async chromium(page) {
      await expect(page.getByText(OPENED)).toHaveCount(0);
      await page.getByText(GROUP, { exact: true }).click();
      await page.getByText(OPERATION, { exact: true }).click();
      await expect(page.getByText(OPENED)).toBeVisible();
      expect(new URL(page.url()).hash).toBe(HASH);
    },
    async firefox(page) {
      await page.locator(`::-p-text(${GROUP})`).click();
      await page.locator(`::-p-text(${OPERATION})`).click();
      await page.waitForFunction((text) => document.body.innerText.includes(text), { polling: 100, timeout: 10_000 }, OPENED);
      expect(new URL(page.url()).hash).toBe(HASH);
    },
  });
});
