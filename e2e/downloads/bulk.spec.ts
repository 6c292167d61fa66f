import { expect, test } from '@playwright/test';
import { PNG_1PX, serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../../packages/archiver/test/support/read-zip.js';
import { signInAs } from './accounts.js';

let a: FixtureSite;
let b: FixtureSite;
test.beforeAll(async () => {
  a = await serveFixture({ '/': { body: '<title>A</title><img src=a.png><p>site a</p>' }, '/a.png': { type: 'image/png', body: PNG_1PX } });
  b = await serveFixture({ '/': { body: '<title>B</title><p>site b</p>' } });
});
test.afterAll(async () => {
  await a.close();
  await b.close();
});

test('a yearly user downloads several sites at once and gets one combined ZIP', async ({ page, request }) => {
  await signInAs(page, request, 'yearly');
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Bulk Download' });
  await section.getByLabel(/Website URLs/).fill(`${a.url}\n\n${b.url}\n`);
  await section.getByLabel('Full Website').check();
  await section.getByLabel('Single Page').check();
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/bulk' && r.request().method() === 'POST');
  await section.getByRole('button', { name: 'Download all' }).click();
  const response = await created;
  expect(response.status()).toBe(202);
  expect(response.request().postDataJSON()).toEqual({ urls: [a.url, b.url], mode: 'single' });

  const sites = section.getByTestId('bulk-site');
  await expect(sites).toHaveCount(2);
  await expect(sites.nth(0)).toContainText(a.url);
  await expect(sites.nth(1)).toContainText(b.url);
  await expect(section.getByRole('progressbar', { name: `Progress of ${a.url}` })).toBeVisible();
  const link = section.getByTestId('bulk-zip-link');
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(sites.nth(0)).toHaveAttribute('data-status', 'done');
  await expect(section.getByRole('progressbar', { name: `Progress of ${b.url}` })).toHaveAttribute('aria-valuenow', '100');
  // Each site's own ZIP is there too.
  await expect(sites.nth(0).getByRole('link', { name: '127.0.0.1.zip' })).toBeVisible();

  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/\/bulk\/[\w-]{22}\/zip$/);
  const zip = await readZip(await (await request.get(href)).body());
  const folderOf = (site: FixtureSite) => `127.0.0.1_${new URL(site.origin).port}`;
  expect(zip.get(`${folderOf(a)}/index.html`)?.toString()).toContain('<p>site a</p>');
  expect(zip.get(`${folderOf(b)}/index.html`)?.toString()).toContain('<p>site b</p>');
  const index = zip.get('index.html')!.toString();
  expect([...index.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([`${folderOf(a)}/index.html`, `${folderOf(b)}/index.html`]);

  // The sites are in the history too.
  await expect(page.getByRole('region', { name: 'Download History' }).getByTestId('history-item')).toHaveCount(2);
});

test('bulk download is offered to Yearly only', async ({ page, request }) => {
  await signInAs(page, request, 'monthly');
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Bulk Download' });
  await expect(section.getByTestId('bulk-upgrade')).toContainText('Bulk download of up to 10 sites at once is part of the Yearly plan.');
  await expect(section.getByLabel(/Website URLs/)).toHaveCount(0);
});
