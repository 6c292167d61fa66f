import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi, storedSession, storeSession } from './session.js';

test('a signed-out visit to the dashboard goes to sign-in, and signing in returns to it', async ({ page, request }) => {
  const account = newAccount();
  await registerViaApi(request, account);

  await page.goto('/dashboard?from=guard#account');
  await expect(page).toHaveURL(/\/login$/);
  // The origin survives a reload of the sign-in page (it is kept in sessionStorage too).
  await page.reload();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/dashboard\?from=guard#account$/);
  await expect(page.getByTestId('user-name')).toHaveText(account.name);
});

test('a token the server rejects (401 from /auth/me) ends the session', async ({ page }) => {
  await storeSession(page, { token: 'not-a-real-token', user: { name: 'Mallory', email: 'mallory@example.com' } });
  const me = page.waitForResponse((response) => response.url().endsWith('/auth/me'));
  await page.goto('/dashboard');
  expect((await me).status()).toBe(401);
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => storedSession(page)).toEqual({ token: null, user: null });
});

test('signed in, the sign-in and registration pages lead to the dashboard', async ({ page, request }) => {
  await storeSession(page, await registerViaApi(request));
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Quick Download' })).toBeVisible();
  }
});
