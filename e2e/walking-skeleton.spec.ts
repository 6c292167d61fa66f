import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PNG_1PX, serveFixture, type FixtureSite } from '../packages/archiver/test/support/fixture-site.js';
import { openOffline, unzipTo } from './support/offline.js';

let site: FixtureSite;
let workDir: string;

test.beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'sitezip-e2e-zip-'));
  site = await serveFixture({
    '/': {
      body: `<!doctype html><html><head><meta charset="utf-8"><title>Fixture home</title>
<link rel="stylesheet" href="/assets/site.css"></head>
<body><h1 class="headline">Offline hello</h1><img id="logo" src="/assets/logo.png" alt="logo" width="40" height="40"></body></html>`,
    },
    '/assets/site.css': { type: 'text/css', body: '.headline { color: rgb(12, 34, 56); }' },
    '/assets/logo.png': { type: 'image/png', body: PNG_1PX },
  });
});

test.afterAll(async () => {
  await site.close();
  await rm(workDir, { recursive: true, force: true });
});

test('a URL submitted on the landing page becomes a ZIP that works offline', async ({ page, browser }) => {
  await page.goto('/');
  await page.getByLabel('Website URL').fill(site.url);
  await expect(page.getByRole('radio', { name: /Single Page/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Full Website/ })).toBeDisabled();
  await page.getByRole('button', { name: 'Download ZIP' }).click();

  const link = page.getByTestId('download-link');
  await expect(link).toBeVisible();
  await expect(page.getByTestId('result-panel')).toContainText('127.0.0.1.zip');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const zipPath = join(workDir, download.suggestedFilename());
  await download.saveAs(zipPath);
  expect(download.suggestedFilename()).toBe('127.0.0.1.zip');

  const unpacked = join(workDir, 'unpacked');
  await unzipTo(await readFile(zipPath), unpacked);
  const offline = await openOffline(browser, unpacked);
  try {
    await expect(offline.page.locator('h1')).toHaveText('Offline hello');
    const color = await offline.page.locator('h1').evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe('rgb(12, 34, 56)');
    const width = await offline.page.locator('#logo').evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(width).toBeGreaterThan(0);
    expect(offline.networkRequests).toEqual([]);
    expect(offline.failedRequests).toEqual([]);
  } finally {
    await offline.close();
  }
});
