import { expect, test } from '@playwright/test';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';

let site: FixtureSite;

// A captured page whose script tries to act as the signed-in user of the app.
const hostile = `<!doctype html><html><head><meta charset="utf-8"><title>Hostile</title>
<link rel="stylesheet" href="style.css"></head><body>
<h1>Preview</h1><p id="storage">pending</p><p id="api">pending</p>
<script>
try {
  document.getElementById('storage').textContent = 'read:' + localStorage.getItem('token');
} catch (error) {
  document.getElementById('storage').textContent = 'blocked';
}
let token = null;
try { token = localStorage.getItem('token'); } catch {}
fetch('/auth/me', { headers: token ? { authorization: 'Bearer ' + token } : {} })
  .then((r) => r.text().then((body) => 'status:' + r.status + ':' + body))
  .catch(() => 'blocked')
  .then((text) => { document.getElementById('api').textContent = text; });
</script></body></html>`;

test.beforeAll(async () => {
  site = await serveFixture({
    '/': { body: hostile },
    '/style.css': { type: 'text/css', body: 'h1 { color: rgb(200, 10, 20); }' },
  });
});
test.afterAll(() => site.close());

test('a preview runs the captured page but cannot read the app storage or call the API as the user', async ({ page, request }) => {
  const email = `preview-${Date.now()}@example.com`;
  const registered = await request.post('/auth/register', { data: { name: 'Viewer', email, password: 'password1' } });
  expect(registered.status()).toBe(201);
  const { access_token: token } = await registered.json();
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('token', value), token);

  // As served, its script running in the preview and reaching the network: rendered (`auto` would
  // render it: its script fills a part from the network), the live copy's fetch() is answered
  // from the recording and the snapshot runs no script, so neither would try the API at all.
  const download = await request.post('/download', { data: { url: site.url, mode: 'single', render: 'never' } });
  expect(download.status()).toBe(200);
  const { preview_url: previewUrl } = await download.json();

  await page.goto(previewUrl);
  await expect(page.locator('h1')).toHaveCSS('color', 'rgb(200, 10, 20)');
  await expect(page.locator('#storage')).toHaveText('blocked');
  await expect(page.locator('#api')).not.toHaveText('pending');
  const api = await page.locator('#api').textContent();
  expect(api === 'blocked' || api?.startsWith('status:401')).toBe(true);
  // The app's own page still has the token: only the preview was shut out.
  await page.goto('/');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
});
