import { expect, storeSession, test } from './support.js';

test('the landing page has the feature grid, pricing, FAQ and footer of the specification', async ({ page }) => {
  await page.goto('/');

  await test.step('top bar, signed out: Login and Sign Up', async () => {
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(account.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });

  await test.step('a feature grid of four cards with the marketing claims', async () => {
    const features = page.getByRole('region', { name: 'Everything the page needs, in one file' });
    const cards = features.getByRole('listitem');
    await expect(cards).toHaveCount(4);
    for (const card of await cards.all()) await expect(card.getByRole('heading', { level: 3 })).toBeVisible();
    await expect(features).toContainText('Privacy-focused');
    await expect(features).toContainText('No tracking');
    await expect(features).toContainText(/concurrent/i);
  });

  await test.step('pricing: plans, limits and the guarantee', async () => {
    const pricing = page.getByRole('region', { name: 'Simple pricing' });
    const plan = (name: string) => pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    const feature = (card: ReturnType<typeof plan>, text: string) => card.getByRole('listitem').filter({ hasText: new RegExp(`^${text}$`) });

    await expect(feature(plan('Free'), 'Single page only')).toBeVisible();

    const monthly = plan('Monthly');
    await expect(monthly.locator('.plan-card__price')).toHaveText('$9/month');
    for (const limit of ['Up to 500MB file size', 'Unlimited downloads', 'Priority processing', 'Email support']) {
      await expect(feature(monthly, limit)).toBeVisible();
    }
    await expect(monthly.getByRole('link', { name: 'Choose Monthly' })).toHaveAttribute('href', '/login?plan=monthly');

    const yearly = plan('Yearly');
    await expect(yearly.locator('.plan-card__price')).toHaveText('$81/year');
    await expect(yearly).toContainText('SAVE 25%');
    await expect(yearly).toContainText('$6.75/month');
    for (const limit of ['Up to 1GB file size', 'Bulk download of up to 10 sites at once', 'Download history and dashboard', 'Priority email support']) {
      await expect(feature(yearly, limit)).toBeVisible();
    }
    await expect(yearly.getByRole('link', { name: 'Choose Yearly' })).toHaveAttribute('href', '/login?plan=yearly');

    await expect(pricing).toContainText('7-day money-back guarantee · Cancel anytime');
  });

  await test.step('the FAQ: contents of the ZIP, opening offline, fair use', async () => {
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const contents = faq.locator('details').filter({ hasText: 'What does the ZIP file contain?' });
    await contents.locator('summary').click();
    await expect(contents.getByText('HTML, CSS, JS, images (JPG, PNG, GIF, SVG, WebP) and fonts (WOFF, TTF, EOT)')).toBeVisible();
    await expect(faq.locator('details').filter({ hasText: 'How do I open the page offline?' })).toContainText('open index.html');
    const use = faq.locator('details').filter({ hasText: 'What may I use it for?' });
    await expect(use).toContainText('personal or archival use');
    await expect(use).toContainText(/respect copyright, the terms of service .* and their robots\.txt/);
  });

  await test.step('the footer', async () => {
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('sitezip');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText('respect copyright, terms of service and robots.txt');
    const links = footer.getByRole('navigation', { name: 'Footer' }).getByRole('link');
    await expect(links).toHaveText(['Features', 'Pricing', 'FAQ', 'Login', 'Sign Up', 'Terms', 'Privacy']);
    await expect(footer.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    await expect(footer.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });
});

test('plan buttons and the locked Full Website option lead to sign-in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Choose Monthly' }).click();
  await expect(page).toHaveURL(/\/login\?plan=monthly$/);
  await expect(page.getByTestId('plan-note')).toContainText('Monthly');

  await page.goBack();
  await expect(page.getByRole('radio', { name: /Full Website/ })).toBeDisabled();
  const unlock = page.locator('#download').getByRole('link', { name: /sign in|log ?in/i });
  await expect(unlock).toHaveAttribute('href', '/login');
  await unlock.click();
  await expect(page).toHaveURL(/\/login$/);
});

test('signed in, the top bar welcomes the user, links the dashboard and logs out to the home page', async ({ page, account }) => {
  await storeSession(page, account);
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner).toContainText(`Welcome, ${account.user.name}`);
  await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  await banner.getByRole('button', { name: 'Logout' }).click();
  await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
