import { expect, test } from '@playwright/test';

test("an unknown address shows the app's own not-found page, while the API keeps its JSON 404", async ({ page, request }) => {
  const response = await page.goto('/no-such-page/here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('There is nothing at this address.')).toBeVisible();

  const api = await request.get('/no-such-page/here', { headers: { accept: 'application/json' } });
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ detail: 'Not found' });
});
