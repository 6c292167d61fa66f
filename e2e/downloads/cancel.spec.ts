import { expect, test } from '@playwright/test';
import { createGate, nextJobId, serveGallery } from '../download/gallery.js';
import { signInAs } from './accounts.js';

test('the landing form cancels a running download; its job ends cancelled', async ({ page, request }) => {
  const gate = createGate();
  const site = await serveGallery({ images: 4, latencyMs: 10, holdFrom: 0, gate });
  try {
    await page.goto('/');
    await page.getByLabel('Website URL').fill(site.url);
    const job = nextJobId(page);
    await page.getByRole('button', { name: 'Download ZIP' }).click();
    const { id } = await job;
    await expect(page.getByRole('progressbar', { name: 'Download progress' })).toBeVisible();
    const cancelled = page.waitForResponse((r) => r.url().endsWith(`/jobs/${id}/cancel`));
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await cancelled).status()).toBe(200);
    await expect(page.getByTestId('download-cancelled')).toHaveText('Download cancelled.');
    await expect(page.getByRole('progressbar', { name: 'Download progress' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download ZIP' })).toBeEnabled();
    const view = await (await request.get(`/jobs/${id}`)).json();
    expect(view).toMatchObject({ status: 'cancelled', error: 'The download was cancelled.' });
    // Nothing is followed any more: a reload shows a fresh form.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Download ZIP' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Download progress' })).toHaveCount(0);
  } finally {
    gate.open();
    await site.close();
  }
});

test('reloading the page while a download runs keeps following it, and Cancel still works', async ({ page, request, baseURL }) => {
  const gate = createGate();
  const site = await serveGallery({ images: 4, latencyMs: 10, holdFrom: 0, gate });
  try {
    await page.goto('/');
    await page.getByLabel('Website URL').fill(site.url);
    const job = nextJobId(page);
    await page.getByRole('button', { name: 'Download ZIP' }).click();
    const { id } = await job;
    await expect(page.getByRole('progressbar', { name: 'Download progress' })).toBeVisible();

    // After a reload the form resumes through the job's event stream.
    const resumed = page.waitForRequest((r) => r.url().endsWith(`/jobs/${id}/events`));
    await page.reload();
    await resumed;
    await expect(page.getByRole('button', { name: 'Generating your ZIP file...' })).toBeDisabled();
    await expect(page.getByRole('progressbar', { name: 'Download progress' })).toBeVisible();
    gate.open();
    await expect(page.getByTestId('result-panel').getByTestId('download-link')).toHaveAttribute('href', `${baseURL}/files/${id}`);

    // A second download, reloaded and then cancelled: the token survived the reload.
    const gate2 = createGate();
    const slow = await serveGallery({ images: 2, latencyMs: 10, holdFrom: 0, gate: gate2 });
    try {
      await page.getByLabel('Website URL').fill(slow.url);
      const second = nextJobId(page);
      await page.getByRole('button', { name: 'Download ZIP' }).click();
      const { id: secondId } = await second;
      await expect(page.getByRole('progressbar', { name: 'Download progress' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('progressbar', { name: 'Download progress' })).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByTestId('download-cancelled')).toHaveText('Download cancelled.');
      expect((await (await request.get(`/jobs/${secondId}`)).json()).status).toBe('cancelled');
    } finally {
      gate2.open();
      await slow.close();
    }
  } finally {
    gate.open();
    await site.close();
  }
});

test('the dashboard form cancels as the signed-in owner', async ({ page, request }) => {
  const gate = createGate();
  const site = await serveGallery({ images: 4, latencyMs: 10, holdFrom: 0, gate });
  try {
    const session = await signInAs(page, request, 'free');
    await page.goto('/dashboard');
    const section = page.locator('#quick-download');
    await section.getByLabel('Website URL').fill(site.url);
    const job = nextJobId(page);
    await section.getByRole('button', { name: 'Download ZIP' }).click();
    const { id, authorization } = await job;
    expect(authorization).toBe(`Bearer ${session.token}`);
    const cancelled = page.waitForRequest((r) => r.url().endsWith(`/jobs/${id}/cancel`));
    await section.getByRole('button', { name: 'Cancel' }).click();
    expect(await (await cancelled).headerValue('authorization')).toBe(`Bearer ${session.token}`);
    await expect(section.getByRole('status')).toHaveText('Download cancelled.');
    // The history shows it cancelled.
    await expect(page.locator('#history').getByTestId('history-item').first()).toHaveAttribute('data-status', 'cancelled');
  } finally {
    gate.open();
    await site.close();
  }
});
