import { expect, test } from '@playwright/test';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { registerViaApi, storeSession, type Session } from '../accounts/session.js';
import { setPlan } from '../support/set-plan.js';

let site: FixtureSite;
test.beforeAll(async () => {
  site = await serveFixture({
    '/': { body: '<title>Home</title><a href="/about">About</a>' },
    '/about': { body: '<title>About</title><p>About us</p>' },
  });
});
test.afterAll(() => site.close());

const FREE_LEAD = 'Save a single page with everything it needs as a ZIP.';
const PREMIUM_LEAD = 'Save a single page, or a whole website, with everything it needs as a ZIP.';

test('a signed-in free user is offered an upgrade, not a sign-in, for Full Website', async ({ page, request }) => {
  await storeSession(page, await registerViaApi(request));
  await page.goto('/');
  const form = page.locator('#download');
  await expect(form.getByRole('radio', { name: /Full Website/ })).toBeDisabled();
  await expect(form.getByRole('link', { name: /sign in/i })).toHaveCount(0);
  const upgrade = form.getByRole('link', { name: 'Choose a plan to unlock' });
  await expect(upgrade).toHaveAttribute('href', '/plans');
  await upgrade.click();
  await expect(page).toHaveURL(/\/plans$/);

  await page.goto('/dashboard');
  await expect(page.locator('#quick-download')).toContainText(FREE_LEAD);
});

test('a premium user downloads a whole website from the landing form, under their own plan', async ({ page, request }) => {
  const session = await registerViaApi(request);
  expect(await setPlan(session.user.email, 'monthly')).toContain('\tmonthly\t');
  const me = await request.get('/auth/me', { headers: { authorization: `Bearer ${session.token}` } });
  const premium: Session = { token: session.token, user: await me.json() };
  await storeSession(page, premium);

  await page.goto('/');
  const form = page.locator('#download');
  await expect(form.getByRole('link', { name: /unlock/i })).toHaveCount(0);
  await form.locator('label', { hasText: 'Full Website' }).click();
  await expect(form.getByRole('radio', { name: /Full Website/ })).toBeChecked();
  await form.getByLabel('Website URL').fill(site.url);
  const created = page.waitForRequest((req) => new URL(req.url()).pathname === '/jobs' && req.method() === 'POST');
  await form.getByRole('button', { name: 'Download ZIP' }).click();
  const sent = await created;
  expect(await sent.headerValue('authorization')).toBe(`Bearer ${session.token}`);
  expect(sent.postDataJSON()).toMatchObject({ mode: 'full' });
  // The server allows Full Website only to a premium plan: the job ran as this user.
  await expect(page.getByTestId('result-panel')).toContainText(/Saved 2 pages/, { timeout: 60_000 });

  await page.goto('/dashboard');
  await expect(page.locator('#quick-download')).toContainText(PREMIUM_LEAD);
});
