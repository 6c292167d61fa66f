import { expect, test } from '../support/test.js';
import { inBothBrowsersOffline, liveCapture } from './offline-interaction.js';
import { renderFixtureTests } from './render-check.js';

// Redoc's standalone bundle: `<redoc spec-url>` names the document, which Redoc resolves against
// `location` itself (from a copy, a file: address it cannot read) unless the replay layer reads
// the attribute as the address online. What only running scripts do: the side menu opens a tag,
// takes the reader to one of its operations and writes its place into the address's hash.
const check = renderFixtureTests('redoc');

// Redoc's menu items carry their place in `data-item-id`; a tag's operations show once it is opened.
const TAG = 'li[data-item-id="tag/pet"]';
const ITEM = 'li[data-item-id="tag/pet/operation/addPet"]';
const HASH = '#tag/pet/operation/addPet';

test('redoc: the live copy is kept, and offline its menu goes to an operation in Chromium and in Firefox', async ({ browser }) => {
  test.setTimeout(90_000);
  const capture = await liveCapture(check);
  await inBothBrowsersOffline(browser, check, capture, {
    async chromium(page) {
      await page.locator(TAG).click();
      await page.locator(ITEM).click();
      await expect.poll(() => new URL(page.url()).hash).toBe(HASH);
    },
    async firefox(page) {
      await page.locator(TAG).click();
      await page.locator(ITEM).click();
      await page.waitForFunction((hash) => location.hash === hash, { polling: 100, timeout: 10_000 }, HASH);
    },
  });
});
