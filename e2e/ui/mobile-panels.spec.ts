import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { expect, storeSession, test } from './support.js';

// A 390 px phone: the result and error panels open below the form, under the fold.
test.use({ viewport: { width: 390, height: 844 } });

let site: FixtureSite;
test.beforeAll(async () => {
  site = await serveFixture({ '/': { body: '<title>Small</title><p>Small page</p>' } });
});
test.afterAll(() => site.close());

test('the landing error panel scrolls into view and takes focus', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Website URL').fill(`${site.origin}/no-such-page`);
  await page.getByRole('button', { name: 'Download ZIP' }).click();
  const panel = page.getByRole('alert').filter({ hasText: 'Oops! Something went wrong' });
  await expect(panel).toBeFocused();
  await expect(panel).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
});

test('the landing result panel scrolls into view with its heading focused', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Website URL').fill(site.url);
  await page.getByRole('button', { name: 'Download ZIP' }).click();
  const panel = page.getByTestId('result-panel');
  await expect(panel.getByRole('heading', { name: 'Your ZIP is ready' })).toBeFocused();
  // The whole panel: the heading, the download link and the metrics under it.
  await expect(panel).toBeInViewport({ ratio: 1 });
});

test('the dashboard error panel scrolls into view and takes focus', async ({ page, account }) => {
  await storeSession(page, account);
  await page.goto('/dashboard#quick-download');
  const section = page.locator('#quick-download');
  await section.getByLabel('Website URL').fill(`${site.origin}/no-such-page`);
  await section.getByRole('button', { name: 'Download ZIP' }).click();
  const panel = section.getByRole('alert');
  await expect(panel).toContainText('not found');
  await expect(panel).toBeFocused();
  await expect(panel).toBeInViewport({ ratio: 1 });
});
