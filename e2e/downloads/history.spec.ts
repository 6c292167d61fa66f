import { expect, test } from '@playwright/test';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { signInAs } from './accounts.js';

let site: FixtureSite;
test.beforeAll(async () => {
  site = await serveFixture({ '/': { body: '<title>H</title><p>history page</p>' } });
});
test.afterAll(() => site.close());

test('a yearly user sees their downloads with re-download, preview and delete', async ({ page, request, baseURL }) => {
  const session = await signInAs(page, request, 'yearly');
  const ids: string[] = [];
  for (const n of [1, 2]) {
    const response = await request.post('/download', { data: { url: `${site.url}?n=${n}` }, headers: { authorization: `Bearer ${session.token}` } });
    expect(response.status()).toBe(200);
    ids.push(((await response.json()) as { download_url: string }).download_url.split('/').pop()!);
  }
  await page.goto('/dashboard');
  const history = page.getByRole('region', { name: 'Download History' });
  const items = history.getByTestId('history-item');
  await expect(items).toHaveCount(2);
  // Newest first.
  await expect(items.first()).toContainText(`${site.url}?n=2`);
  await expect(items.first()).toContainText('Ready');
  await expect(items.first()).toContainText('Single Page');
  await expect(items.first().getByTestId('history-expiry')).toHaveText(/^Expires in \d+ (min|h)$/);
  await expect(items.first().getByRole('link', { name: 'Download' })).toHaveAttribute('href', `${baseURL}/files/${ids[1]}`);
  await expect(items.first().getByRole('link', { name: /Preview/ })).toHaveAttribute('href', `${baseURL}/preview/${ids[1]}/`);
  await expect(history.getByTestId('history-upgrade')).toHaveCount(0);

  // Re-download: the link serves the ZIP.
  const zip = await request.get(`/files/${ids[1]}`);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  // Preview opens the captured page in a new tab.
  const [preview] = await Promise.all([page.waitForEvent('popup'), items.first().getByRole('link', { name: /Preview/ }).click()]);
  await expect(preview.locator('p')).toHaveText('history page');
  await preview.close();

  const deleted = page.waitForResponse((r) => r.url().endsWith(`/downloads/${ids[1]}`) && r.request().method() === 'DELETE');
  await items.first().getByRole('button', { name: `Delete download of ${site.url}?n=2` }).click();
  expect((await deleted).status()).toBe(204);
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(`${site.url}?n=1`);
  expect((await request.get(`/files/${ids[1]}`)).status()).toBe(404);

  // A download made on the dashboard appears in the history when it finishes.
  await page.locator('#quick-download').getByLabel('Website URL').fill(`${site.url}?n=3`);
  await page.locator('#quick-download').getByRole('button', { name: 'Download ZIP' }).click();
  await expect(page.locator('#quick-download').getByTestId('result-panel')).toBeVisible();
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`${site.url}?n=3`);
});

test('other plans see recent downloads and an upgrade prompt', async ({ page, request }) => {
  await signInAs(page, request, 'monthly');
  await page.goto('/dashboard');
  const history = page.getByRole('region', { name: 'Download History' });
  await expect(history).toContainText('No downloads yet.');
  await expect(history.getByTestId('history-upgrade')).toContainText('Upgrade to Yearly for your full download history.');
  await expect(history.getByRole('link', { name: 'Upgrade to Yearly' })).toBeVisible();
});
