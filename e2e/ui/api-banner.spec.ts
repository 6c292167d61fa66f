import { expect, test } from '@playwright/test';

// The e2e build has no VITE_API_URL, so the app talks to its own origin and probes GET /health.
const warning = (page: import('@playwright/test').Page) => page.getByRole('status').filter({ hasText: 'API server' });

test('no warning while the API at the page origin answers /health', async ({ page }) => {
  const health = page.waitForResponse((response) => new URL(response.url()).pathname === '/health');
  await page.goto('/');
  expect((await health).status()).toBe(200);
  await expect(page.getByTestId('api-status')).toHaveAttribute('data-state', 'reachable');
  await expect(page.getByTestId('api-status')).toBeEmpty();
});

test('a warning banner appears when the API cannot be reached', async ({ page }) => {
  await page.route('**/health', (route) => route.abort());
  await page.goto('/');
  await expect(warning(page)).toBeVisible();
  await expect(warning(page)).toContainText('API server not configured.');
  await expect(warning(page)).toContainText('VITE_API_URL');
  await expect(warning(page)).toContainText(new URL(page.url()).origin);
});

test('an HTML answer from /health (a static host, no API) also counts as unreachable', async ({ page }) => {
  await page.route('**/health', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>x</title>' }));
  await page.goto('/');
  await expect(warning(page)).toBeVisible();
});
