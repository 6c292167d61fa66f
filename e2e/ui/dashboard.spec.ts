import { expect, storeSession, test } from './support.js';

test.beforeEach(async ({ page, account }) => {
  await storeSession(page, account);
  await page.goto('/dashboard');
});

test('the dashboard shows the header, side menu, overview and account of the specification', async ({ page, account }) => {
  const { user } = account;

  await test.step('header: name, email, avatar initial, Logout', async () => {
    const header = page.getByRole('banner');
    await expect(header.getByTestId('user-name')).toHaveText(user.name);
    await expect(header.getByTestId('user-email')).toHaveText(user.email);
    await expect(header.getByTestId('user-avatar')).toHaveText('A'); // Ada Lovelace
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  await test.step('overview: plan (free by default), account, status Active', async () => {
    const overview = page.getByRole('region', { name: 'Overview' });
    await expect(overview.getByTestId('overview-plan').getByRole('heading')).toHaveText('Plan');
    await expect(overview.getByTestId('overview-plan').locator('.stat-card__value')).toHaveText('free');
    await expect(overview.getByTestId('overview-account')).toContainText(user.name);
    await expect(overview.getByTestId('overview-account')).toContainText(user.email);
    await expect(overview.getByTestId('overview-status')).toContainText('Active');
  });

  await test.step('account: name, email, plan, member since as a local date, upgrade link', async () => {
    const section = page.getByRole('region', { name: 'Account' });
    await expect(section.getByTestId('account-name')).toHaveText(user.name);
    await expect(section.getByTestId('account-email')).toHaveText(user.email);
    await expect(section.getByTestId('account-plan')).toHaveText('free');
    const localDate = await page.evaluate((createdAt) => new Date(createdAt).toLocaleDateString(), user.created_at);
    await expect(section.getByTestId('account-member-since')).toHaveText(localDate);
    await expect(section.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/plans');
  });

  await test.step('side menu: anchors to Overview, Quick Download and Account', async () => {
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link')).toHaveText(['Overview', 'Quick Download', 'Account']);
    for (const [label, id] of [
      ['Account', 'account'],
      ['Quick Download', 'quick-download'],
      ['Overview', 'overview'],
    ] as const) {
      const link = menu.getByRole('link', { name: label });
      await expect(link).toHaveAttribute('href', `#${id}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(link).toHaveAttribute('aria-current', 'location');
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
  });
});

test('a premium subscription status is shown as the plan and hides the upgrade link', async ({ page, account }) => {
  const premium = { ...account.user, subscription_status: 'yearly' };
  // The stored user is refreshed from /auth/me on load; answer with the premium user.
  await page.route('**/auth/me', (route) => route.fulfill({ json: premium }));
  await page.evaluate((user) => localStorage.setItem('user', JSON.stringify(user)), premium);
  await page.reload();
  await expect(page.getByTestId('overview-plan').locator('.stat-card__value')).toHaveText('yearly');
  await expect(page.getByTestId('account-plan')).toHaveText('yearly');
  await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);
});

test('Logout asks for confirmation by keyboard: Cancel keeps the session, Yes, Logout ends it', async ({ page }) => {
  const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' });
  await logout.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(logout).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Yes, Logout' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
});
