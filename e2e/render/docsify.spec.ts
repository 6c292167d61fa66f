import { expect, test } from '../support/test.js';
import { inBothBrowsersOffline, liveCapture } from './offline-interaction.js';
import { renderFixtureTests } from './render-check.js';

// docsify: a hash router that fetches the Markdown of the route it shows (#/changelog:
// changelog.md) and renders it. What only running scripts do: the sidebar shows another page in
// the same document, whose Markdown the render fetched by visiting the route before the copy was
// made (offline it said "404 - Not found" before), and Back shows the one before.
const check = renderFixtureTests('docsify');

const CHANGELOG = '4.13.1';
const HISTORY = '3.7.3';

test('docsify: the live copy is kept, and offline its sidebar shows the other pages in Chromium and in Firefox', async ({ browser }) => {
  test.setTimeout(90_000);
  const capture = await liveCapture(check);
  await inBothBrowsersOffline(browser, check, capture, {
    async chromium(page) {
      await page.locator('.sidebar-nav a', { hasText: 'Changelog' }).click();
      await expect(page.locator('#main h2').first()).toContainText(CHANGELOG);
      expect(new URL(page.url()).hash).toBe('#/changelog');
      await page.locator('.sidebar-nav a', { hasText: 'History' }).click();
      await expect(page.locator('#main h2').first()).toContainText(HISTORY);
      await page.goBack();
      await expect(page.locator('#main h2').first()).toContainText(CHANGELOG);
    },
    async firefox(page) {
      await page.locator('.sidebar-nav a[href$="#/history"]').click();
      await page.waitForFunction((text) => document.querySelector('#main h2')?.textContent?.includes(text), { polling: 100, timeout: 10_000 }, HISTORY);
      expect(new URL(page.url()).hash).toBe('#/history');
    },
  });
});
