import { expect, test, type Locator } from '@playwright/test';
import { holdDownloadRequests } from './support.js';

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  expect(rect).not.toBeNull();
  return rect!;
}

for (const width of [360, 1280]) {
  test(`nothing moves when generating starts (${width}px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const hold = await holdDownloadRequests(page);
    await page.goto('/');
    const card = page.locator('.download');
    const form = card.locator('form');
    const button = form.getByRole('button', { name: 'Download ZIP' });
    await page.getByLabel('Website URL').fill('example.com');
    const before = { card: await box(card), form: await box(form), button: await box(button) };

    await button.click();
    await hold.started;
    await expect(form.getByRole('button', { name: 'Generating your ZIP file...' })).toBeDisabled();
    const during = {
      card: await box(card),
      form: await box(form),
      button: await box(form.getByRole('button', { name: 'Generating your ZIP file...' })),
    };
    expect(during.form).toEqual(before.form);
    expect(during.button).toEqual(before.button);
    expect(during.card.height).toBe(before.card.height);
    hold.release();
  });
}
