import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';

const stripeUrl = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;

interface StripeState {
  requests: { method: string; path: string; form: Record<string, string> }[];
  problems: string[];
  deliveries: { type: string; status: number }[];
  subscriptions: { id: string; status: string; items: { data: { current_period_end: number; price: { id: string } }[] } }[];
}

async function stripeState(page: Page): Promise<StripeState> {
  const response = await page.request.get(`${stripeUrl}/__state`);
  return (await response.json()) as StripeState;
}

test('pricing ?plan=monthly → register → Stripe checkout → webhook → dashboard shows Monthly; then account changes and deletion', async ({ page }) => {
  const account = { name: 'Grace Hopper', email: `buyer-${randomUUID()}@example.com`, password: 'correct-horse-1' };

  await test.step('the plan picked on the pricing section survives registration', async () => {
    await page.goto('/#pricing');
    await expect(page.getByTestId('pricing-support')).toContainText('help@sitezip.test');
    await page.getByRole('link', { name: 'Choose Monthly' }).click();
    await expect(page).toHaveURL(/\/login\?plan=monthly$/);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/register\?plan=monthly$/);
    await expect(page.getByTestId('plan-note')).toContainText('Monthly');
    await page.getByLabel('Full Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByLabel(/I agree to the Terms/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
  });

  await test.step('and leads straight to Stripe Checkout for the monthly price', async () => {
    await expect(page).toHaveURL(new RegExp(`^${stripeUrl}/c/pay/cs_test_`));
    await expect(page.getByRole('heading', { name: 'Subscribe to sitezip' })).toBeVisible();
    await expect(page.getByText('Monthly — $9.00 per month')).toBeVisible();
    const { requests } = await stripeState(page);
    const session = requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(session?.form).toMatchObject({ mode: 'subscription', 'line_items[0][price]': 'price_test_monthly' });
    expect(session?.form.success_url).toMatch(/\/checkout\/success\?session_id=\{CHECKOUT_SESSION_ID\}$/);
  });

  await test.step('paying sends the signed webhook, then returns to the success page', async () => {
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_test_/);
    await expect(page.getByTestId('checkout-result')).toContainText('You are on the Monthly plan');
    const state = await stripeState(page);
    expect(state.deliveries).toContainEqual({ type: 'checkout.session.completed', status: 200 });
    expect(state.problems).toEqual([]);
  });

  await test.step('the dashboard shows Monthly with its renewal date and Manage billing', async () => {
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const { subscriptions } = await stripeState(page);
    const periodEnd = subscriptions.at(-1)!.items.data[0]!.current_period_end;
    const renewal = await page.evaluate((seconds) => new Date(seconds * 1000).toLocaleDateString(), periodEnd);
    const billing = page.getByTestId('billing-panel');
    await expect(billing.getByTestId('billing-plan')).toHaveText('Monthly');
    await expect(billing.getByTestId('billing-period')).toContainText(`Renews on ${renewal}`);
    await expect(billing.getByRole('button', { name: 'Manage billing' })).toBeVisible();
    await expect(page.getByTestId('overview-plan')).toContainText(/monthly/i);
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);
  });

  await test.step('Manage billing opens the customer portal, which returns to the dashboard', async () => {
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripeUrl}/p/session/bps_test_`));
    await page.getByRole('link', { name: 'Return to sitezip' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('account settings: change the name', async () => {
    await page.getByRole('link', { name: 'Account settings' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId('support-email')).toHaveText('help@sitezip.test');
    await page.getByLabel('Full Name').fill('Grace B. Hopper');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Your name was saved.')).toBeVisible();
  });

  await test.step('change the password: the current one is required', async () => {
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('new-horse-battery');
    await page.getByLabel('Confirm new password').fill('new-horse-battery');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toHaveText('The current password is not correct.');
    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password was changed.')).toBeVisible();
  });

  await test.step('sign in again with the new password and the new name', async () => {
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page.getByTestId('user-name')).toHaveText('Grace B. Hopper');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, Logout' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('new-horse-battery');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('user-name')).toHaveText('Grace B. Hopper');
  });

  await test.step('delete the account behind the confirm dialog: the subscription is cancelled', async () => {
    await page.getByRole('link', { name: 'Account settings' }).click();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill('new-horse-battery');
    await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const { requests, subscriptions } = await stripeState(page);
    const subscription = subscriptions.at(-1)!;
    expect(requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscription.id}`)).toBe(true);
    expect(subscription.status).toBe('canceled');
    const login = await page.request.post('/auth/login', { data: { email: account.email, password: 'new-horse-battery' } });
    expect(login.status()).toBe(401);
  });
});

test('a signed-in free user reaches the plan choice from Upgrade to Premium and the locked Full Website option', async ({ page }) => {
  const email = `free-${randomUUID()}@example.com`;
  const registered = await page.request.post('/auth/register', { data: { name: 'Free User', email, password: 'correct-horse-1' } });
  const { access_token: token, user } = (await registered.json()) as { access_token: string; user: unknown };
  await page.goto('/health');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, { token, user });

  await page.goto('/dashboard');
  await expect(page.getByTestId('billing-plan')).toHaveText('Free');
  await page.getByRole('link', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByRole('button', { name: 'Choose Yearly' })).toBeEnabled();

  await page.goto('/dashboard');
  await page.locator('#quick-download').getByRole('link', { name: 'Choose a plan to unlock' }).click();
  await expect(page).toHaveURL(/\/plans$/);

  await page.goto('/');
  await page.locator('#download').getByRole('link', { name: 'Choose a plan to unlock' }).click();
  await expect(page).toHaveURL(/\/plans$/);

  // A pricing button, signed in: straight to checkout for that plan.
  await page.goto('/#pricing');
  await page.getByRole('link', { name: 'Choose Yearly' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl}/c/pay/cs_test_`));
  await expect(page.getByText('Yearly — $81.00 per year')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/checkout\/cancelled$/);
  await expect(page.getByText('You have not been charged.')).toBeVisible();
});
