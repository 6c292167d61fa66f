import { expect, test } from '@playwright/test';

test('the API documentation at /docs renders every operation under the app CSP', async ({ page, baseURL }) => {
  const violations: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('request', (request) => {
    if (!/^(data|blob):/.test(request.url()) && new URL(request.url()).origin !== new URL(baseURL!).origin) elsewhere.push(request.url());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`));
  });

  const response = await page.goto('/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.locator('.swagger-ui .info .title')).toContainText('sitezip API');
  const spec = (await (await page.request.get('/docs/json')).json()) as { paths: Record<string, object> };
  const operations = Object.values(spec.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
  await expect(page.locator('.opblock')).toHaveCount(operations);
  await expect(page.locator('.opblock-summary-path', { hasText: '/auth/login' })).toBeVisible();

  // Opening an operation shows its {detail} error responses.
  await page.locator('.opblock-summary', { hasText: '/auth/login' }).click();
  await expect(page.locator('.responses-table').first()).toContainText('422');
  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
});
