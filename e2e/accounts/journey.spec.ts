import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerViaApi, storedSession, type Account } from './session.js';

const cannotConnect = 'Cannot connect to server. Please ensure the backend is running at VITE_API_URL and your network is OK.';

async function fillRegistration(page: Page, account: Account) {
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByLabel(/I agree to the Terms/).check();
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}

test('register, reach the dashboard, log out through the dialog, sign in again', async ({ page }) => {
  const account = newAccount('Grace Hopper');
  await page.goto('/register');
  await fillRegistration(page, account);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-name')).toHaveText(account.name);
  await expect(page.getByTestId('user-email')).toHaveText(account.email);
  await expect(page.getByTestId('user-avatar')).toHaveText('G');
  const stored = await storedSession(page);
  expect(stored.token).toBeTruthy();
  expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ name: account.name, email: account.email });

  // Logout asks first; Cancel keeps the session.
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await dialog.getByRole('button', { name: 'Yes, Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toEqual({ token: null, user: null });

  await fillLogin(page, account.email, account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-name')).toHaveText(account.name);
});

test('server refusals are shown in the form: a taken email, a wrong password', async ({ page, request }) => {
  const existing = newAccount();
  await registerViaApi(request, existing);

  await page.goto('/register');
  await fillRegistration(page, { ...existing, name: 'Someone Else' });
  const registered = page.waitForResponse((response) => response.url().endsWith('/auth/register'));
  await page.getByRole('button', { name: 'Create Account' }).click();
  expect((await registered).status()).toBe(409);
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists');
  await expect(page).toHaveURL(/\/register$/);

  await page.goto('/login');
  await fillLogin(page, existing.email, 'not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toEqual({ token: null, user: null });
});

test('an unreachable API is reported by both forms', async ({ page }) => {
  await page.route('**/auth/login', (route) => route.abort('failed'));
  await page.route('**/auth/register', (route) => route.abort('failed'));

  await page.goto('/login');
  await fillLogin(page, 'nobody@example.com', 'whatever-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(cannotConnect);
  // The button is usable again for another try.
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();

  await page.goto('/register');
  await fillRegistration(page, newAccount());
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText(cannotConnect);
});
