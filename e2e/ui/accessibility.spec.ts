import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openRoute, routes, storeSession, test } from './support.js';

/** Serious and critical axe findings on the page as it is now. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target.join(' ')) }));
}

/** Inputs without a label, aria-label or aria-labelledby. */
function unlabelledInputs(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input, select, textarea')]
      .filter((field) => field.type !== 'hidden')
      .filter((field) => (field.labels?.length ?? 0) === 0 && !field.getAttribute('aria-label') && !field.getAttribute('aria-labelledby'))
      .map((field) => field.outerHTML),
  );
}

for (const route of routes) {
  test(`${route.name}: labelled inputs and no serious or critical axe violations`, async ({ page, account }) => {
    await openRoute(page, route, account);
    expect(await unlabelledInputs(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('errors are announced, and the error states, warning banner and logout dialog pass axe too', async ({ page, account }) => {
  await page.route('**/health', (route) => route.abort());
  await page.route((url) => url.pathname === '/download' || url.pathname.startsWith('/jobs'), (route) => route.abort());
  await page.goto('/');
  await expect(page.getByTestId('api-status')).toContainText('API server');

  const url = page.getByLabel('Website URL');
  await url.fill('intranet');
  await url.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid domain name (e.g., example.com)');
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveAccessibleDescription('Please enter a valid domain name (e.g., example.com)');
  expect(await seriousViolations(page)).toEqual([]);

  await url.fill('example.com');
  await url.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Cannot connect to server');
  await page.locator('details').first().locator('summary').click();
  expect(await seriousViolations(page)).toEqual([]);

  await page.unrouteAll();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
  expect(await seriousViolations(page)).toEqual([]);

  await storeSession(page, account);
  await page.goto('/dashboard');
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
