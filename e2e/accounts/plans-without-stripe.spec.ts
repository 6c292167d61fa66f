import { expect, test } from '@playwright/test';
import { registerViaApi, storeSession } from './session.js';

// This server has no Stripe settings (the billing tests run another one, e2e/billing/).
test('without Stripe settings the plan choice says payments are not set up', async ({ page, request }) => {
  const session = await registerViaApi(request);
  await storeSession(page, session);
  await page.goto('/plans');
  await expect(page.getByTestId('payments-off')).toHaveText('Payments are not set up on this server.');
  for (const button of await page.getByRole('button', { name: 'Payments are not set up' }).all()) await expect(button).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Payments are not set up' })).toHaveCount(2);

  // The plan picked on the pricing section leads here, and the server's answer is shown.
  await page.goto('/login?plan=monthly');
  await expect(page).toHaveURL(/\/plans\?plan=monthly$/);
  await expect(page.getByRole('alert')).toHaveText('Payments are not set up on this server.');

  await page.goto('/dashboard');
  await expect(page.getByTestId('billing-panel')).toContainText('Payments are not set up on this server.');
});
