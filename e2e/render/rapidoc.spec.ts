import { expect, test } from '../support/test.js';
import { PAGE_TEXT } from '../../packages/archiver/src/render/in-page.js';
import { inBothBrowsersOffline, liveCapture } from './offline-interaction.js';
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
const SHOWS = (text: string) => `(${PAGE_TEXT}).includes(${JSON.stringify(text)})`;

test('rapidoc: the live copy is kept, and offline an operation opens in Chromium and in Firefox', async ({ browser }) => {
  test.setTimeout(90_000);
  const capture = await liveCapture(check);
  await inBothBrowsersOffline(browser, check, capture, {
    async chromium(page) {
      await page.locator('summary.endpoint-head', { hasText: OPERATION }).waitFor();
      expect(await page.evaluate(SHOWS(OPENED))).toBe(false);
      expect(await page.evaluate(OPEN_OPERATION)).toBe(true);
      await page.waitForFunction(SHOWS(OPENED), undefined, { polling: 100 });
    },
    async firefox(page) {
      await page.waitForFunction(SHOWS(OPERATION), { polling: 100, timeout: 10_000 });
      expect(await page.evaluate(SHOWS(OPENED))).toBe(false);
      expect(await page.evaluate(OPEN_OPERATION)).toBe(true);
      await page.waitForFunction(SHOWS(OPENED), { polling: 100, timeout: 10_000 });
    },
  });
});
