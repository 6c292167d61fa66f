import { expect, test, type Page } from '@playwright/test';

/** Records requests to the auth API, to show that client-side checks send nothing. */
function authRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/auth/')) seen.push(request.url());
  });
  return seen;
}

test('the sign-in form asks for both fields and caps the password at 100 characters', async ({ page }) => {
  const sent = authRequests(page);
  await page.goto('/login');
  const signIn = page.getByRole('button', { name: 'Sign In' });
  const alert = page.getByRole('alert');

  await signIn.click();
  await expect(alert).toHaveText('Please fill in all fields');

  await page.getByLabel('Email').fill('ada@example.com');
  await signIn.click();
  await expect(alert).toHaveText('Please fill in all fields');

  await page.getByLabel('Email').fill('');
  await page.getByLabel('Password').fill('some-password');
  await signIn.click();
  await expect(alert).toHaveText('Please fill in all fields');

  const password = page.getByLabel('Password');
  await expect(password).toHaveAttribute('maxlength', '100');
  // Typing (here: pasting) past the limit keeps the first 100 characters.
  await password.fill('x'.repeat(105));
  await expect(password).toHaveValue('x'.repeat(100));
  expect(sent).toEqual([]);
});

test('the registration form checks every rule in order, with the terms box ticked', async ({ page }) => {
  const sent = authRequests(page);
  await page.goto('/register');
  const create = page.getByRole('button', { name: 'Create Account' });
  const alert = page.getByRole('alert');
  const password = page.getByLabel('Password', { exact: true });
  const confirm = page.getByLabel('Confirm Password');
  const terms = page.getByLabel(/I agree to the Terms/);

  // The terms box is a required checkbox: the browser holds the form back until it is ticked.
  await expect(terms).toHaveAttribute('required', '');
  await create.click();
  expect(await terms.evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true);
  await expect(alert).toHaveCount(0);
  await terms.check();

  await create.click();
  await expect(alert).toHaveText('Please fill in all fields');

  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await password.fill('one-password');
  await create.click();
  await expect(alert).toHaveText('Please fill in all fields');

  await confirm.fill('another-password');
  await create.click();
  await expect(alert).toHaveText('Passwords do not match');

  await password.fill('short');
  await confirm.fill('short');
  await create.click();
  await expect(alert).toHaveText('Password must be at least 8 characters long');

  // This field has no maxlength, so the 100-character rule is the form's own.
  const tooLong = 'y'.repeat(101);
  await password.fill(tooLong);
  await confirm.fill(tooLong);
  await create.click();
  await expect(alert).toHaveText('Password must be less than 100 characters long');
  expect(sent).toEqual([]);
});
