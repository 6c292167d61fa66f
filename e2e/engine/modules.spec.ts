import { expect, test } from '@playwright/test';
import { moduleSite } from '../../packages/archiver/test/modules.fixture.js';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { captureAndUnzip, type Captured } from '../support/capture.js';
import { openOffline } from '../support/offline.js';

let site: FixtureSite;
let captured: Captured;

test.beforeAll(async () => {
  site = await serveFixture(moduleSite);
  // The static path's module handling: render: auto would load this script-built page in a
  // browser first (render mode has its own tests, e2e/render).
  captured = await captureAndUnzip(site.url, { render: 'never' });
});

test.afterAll(async () => {
  await captured.cleanup();
  await site.close();
});

test('a page built from ES modules runs offline from file://', async ({ browser }) => {
  const offline = await openOffline(browser, captured.dir);
  try {
    const { page } = offline;
    await expect(page.locator('#out')).toHaveText('hello offline even v1 42');
    await expect(page.locator('#inline')).toHaveText('INLINE');
    await expect(page.locator('#lazy')).toHaveText('lazy loaded');
    await expect(page.locator('#boot')).toHaveText('BOOTED BY A CLASSIC SCRIPT');
    // import.meta.url stays a hierarchical URL, pointing where the module would sit in the ZIP.
    await expect(page.locator('#meta')).toHaveText(/\/127\.0\.0\.1_\d+\/app\/x\.png$/);
    expect(offline.networkRequests).toEqual([]);
    expect(offline.failedRequests).toEqual([]);
    expect(offline.pageErrors).toEqual([]);
  } finally {
    await offline.close();
  }
});
