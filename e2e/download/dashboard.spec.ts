import { expect, test } from '@playwright/test';
import { registerViaApi, storeSession } from '../accounts/session.js';
import { createGate, nextJobId, serveGallery } from './gallery.js';

test('Quick Download on the dashboard runs as the signed-in user and shows its result', async ({ page, request, baseURL }) => {
  const gate = createGate();
  const site = await serveGallery({ images: 3, latencyMs: 30, holdFrom: 0, gate });
  try {
    const session = await registerViaApi(request);
    await storeSession(page, session);
    await page.goto('/dashboard');
    const section = page.locator('#quick-download');
    await section.getByLabel('Website URL').fill(site.url);
    const job = nextJobId(page);
    await section.getByRole('button', { name: 'Download ZIP' }).click();
    const { id, authorization } = await job;
    expect(authorization).toBe(`Bearer ${session.token}`);

    const button = section.getByRole('button', { name: 'Generating...' });
    await expect(button).toBeDisabled();
    await expect(button.locator('.spinner')).toBeVisible();
    await expect(section.getByRole('progressbar', { name: 'Download progress' })).toBeVisible();

    gate.open();
    const result = section.getByTestId('result-panel');
    await expect(result.getByTestId('download-link')).toHaveAttribute('href', `${baseURL}/files/${id}`);
    await expect(result.locator('dt')).toHaveCount(4);
    await expect(section.getByRole('button', { name: 'Download ZIP' })).toBeEnabled();

    // A new attempt clears the result; without an answer the dashboard says so in its own words.
    await page.route((url) => url.pathname === '/jobs', (route) => route.abort('failed'));
    await section.getByRole('button', { name: 'Download ZIP' }).click();
    await expect(section.getByRole('alert')).toHaveText('Cannot connect to server. Please ensure the backend is running.');
    await expect(result).toHaveCount(0);
  } finally {
    gate.open();
    await site.close();
  }
});
