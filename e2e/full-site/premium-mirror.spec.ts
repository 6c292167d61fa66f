import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { siteFixture } from '../../packages/archiver/test/site.fixture.js';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { openOffline, unzipTo } from '../support/offline.js';
import { setPlan } from '../support/set-plan.js';

let site: FixtureSite;
let other: FixtureSite;
let workDir: string;

async function signIn(page: Page, request: APIRequestContext, plan: 'free' | 'monthly'): Promise<void> {
  const email = `${plan}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const registered = await request.post('/auth/register', { data: { name: 'Mirror', email, password: 'password1' } });
  expect(registered.status()).toBe(201);
  const { access_token: token, user } = await registered.json();
  if (plan !== 'free') expect(await setPlan(email, plan)).toContain(`\t${plan}\t`);
  await page.addInitScript(
    ([t, u]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', t);
        localStorage.setItem('user', u);
      }
    },
    [token, JSON.stringify(user)] as const,
  );
}

test.beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'sitezip-e2e-mirror-'));
  other = await serveFixture({ '/elsewhere': { body: 'other site' } });
  site = await serveFixture(siteFixture(other.origin));
});

test.afterAll(async () => {
  await site.close();
  await other.close();
  await rm(workDir, { recursive: true, force: true });
});

test('a free user sees Full Website locked on the dashboard', async ({ page, request }) => {
  await signIn(page, request, 'free');
  await page.goto('/dashboard');
  const quick = page.locator('#quick-download');
  await expect(quick.getByRole('radio', { name: 'Full Website' })).toBeDisabled();
});

test('a premium user mirrors a site whose pages link to each other offline', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, request, 'monthly');
  await page.goto('/dashboard');
  const quick = page.locator('#quick-download');
  // The dashboard refreshes the stored user from /auth/me: the plan set by the operator shows.
  const full = quick.getByRole('radio', { name: 'Full Website' });
  await expect(full).toBeEnabled();
  // The option's label covers the whole card: click it as a person would.
  await quick.locator('label', { hasText: 'Full Website' }).click();
  await expect(full).toBeChecked();
  await quick.getByLabel('Website URL').fill(site.url);
  await quick.getByRole('button', { name: 'Download ZIP' }).click();
  await expect(quick.getByTestId('result-panel')).toBeVisible({ timeout: 90_000 });
  await expect(quick.getByTestId('result-panel')).toContainText(/Saved \d+ pages/);

  const [download] = await Promise.all([page.waitForEvent('download'), quick.getByTestId('download-link').click()]);
  const zipPath = join(workDir, 'site.zip');
  await download.saveAs(zipPath);
  const unpacked = join(workDir, 'unpacked');
  await unzipTo(await readFile(zipPath), unpacked);

  const offline = await openOffline(browser, unpacked);
  try {
    const { page: copy } = offline;
    await expect(copy.locator('h1')).toHaveText('Home');
    await expect(copy.locator('h1')).toHaveCSS('color', 'rgb(1, 2, 3)');
    await copy.getByRole('link', { name: 'About', exact: true }).click();
    await expect(copy).toHaveURL(/\/about\/index\.html$/);
    await expect(copy.locator('p')).toHaveText('About us');
    await copy.getByRole('link', { name: 'Blog' }).click();
    await copy.getByRole('link', { name: 'Post 2' }).click();
    await expect(copy.locator('h1')).toHaveText('Post 2');
    await copy.getByRole('link', { name: 'Home' }).click();
    await expect(copy).toHaveURL(/\/index\.html$/);
    expect(offline.networkRequests).toEqual([]);
    expect(offline.failedRequests).toEqual([]);
  } finally {
    await offline.close();
  }
});

test('a premium user chooses how far the crawl goes: pages left out by pattern, a page count', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, request, 'monthly');
  await page.goto('/dashboard');
  const quick = page.locator('#quick-download');
  await expect(quick.getByRole('radio', { name: 'Full Website' })).toBeEnabled();
  // Crawl options appear with Full Website only.
  await expect(quick.getByTestId('crawl-options')).toHaveCount(0);
  await quick.locator('label', { hasText: 'Full Website' }).click();
  await quick.getByText('Crawl options').click();
  await quick.getByLabel('Pages at most').fill('3');
  await quick.getByLabel('Leave out (one pattern a line)').fill('/blog/**');
  await quick.getByLabel('Website URL').fill(site.url);
  await quick.getByRole('button', { name: 'Download ZIP' }).click();
  await expect(quick.getByTestId('result-panel')).toBeVisible({ timeout: 90_000 });
  await expect(quick.getByTestId('result-panel')).toContainText('Saved 3 pages');
  await expect(quick.getByTestId('result-panel')).toContainText('Stopped at the 3 pages you asked for.');

  const [download] = await Promise.all([page.waitForEvent('download'), quick.getByTestId('download-link').click()]);
  const zipPath = join(workDir, 'chosen.zip');
  await download.saveAs(zipPath);
  const unpacked = join(workDir, 'chosen');
  await unzipTo(await readFile(zipPath), unpacked);
  const manifest = JSON.parse(await readFile(join(unpacked, 'sitezip-manifest.json'), 'utf8'));
  expect(manifest.pages).toBe(3);
  expect(manifest.resources.some((r: { path?: string }) => r.path?.includes('/blog/'))).toBe(false);
});

