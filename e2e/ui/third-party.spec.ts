import { expect, holdDownloadRequests, storeSession, test } from './support.js';

test('a full visit of every route makes no request outside the app origin and breaks no CSP rule', async ({ page, account, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const requested: string[] = [];
  const violations: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  page.on('websocket', (socket) => requested.push(socket.url()));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  const landing = await page.goto('/');
  expect(landing?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const hold = await holdDownloadRequests(page);
  await page.getByLabel('Website URL').fill('example.com');
  await page.getByRole('button', { name: 'Download ZIP' }).click();
  await hold.started;
  hold.release();
  await expect(page.getByRole('alert')).toBeVisible();

  await page.getByRole('link', { name: 'Choose Yearly' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await storeSession(page, account);
  await page.goto('/dashboard');
  await expect(page.getByTestId('user-name')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Yes, Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Fonts are the system's and icons inline SVG, so nothing else is ever fetched.
  const pageRequests = requested.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:'));
  expect(pageRequests.length).toBeGreaterThan(5);
  expect(pageRequests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(violations).toEqual([]);
});
