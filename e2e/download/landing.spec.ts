import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { serveFixture } from '../../packages/archiver/test/support/fixture-site.js';
import { registerViaApi, storeSession } from '../accounts/session.js';
import { createGate, nextJobId, recordProgressValues, serveGallery } from './gallery.js';

const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Download progress' });

async function submit(page: Page, url: string) {
  await page.getByLabel('Website URL').fill(url);
  await page.getByRole('button', { name: 'Download ZIP' }).click();
}

test('a download shows live progress while generating, then the result panel', async ({ page, request, baseURL }) => {
  const gate = createGate();
  // 25 images arrive over ~2.5 s, so that even a slow capture reports several counts (over
  // ~0.75 s, a CI run on a slow machine saw two); the last 5 wait until the test has seen them.
  const site = await serveGallery({ images: 30, latencyMs: 30, staggerMs: 100, holdFrom: 25, gate });
  try {
    // Signed in, the landing page downloads as the user: the job counts under their plan.
    const session = await registerViaApi(request);
    await storeSession(page, session);
    await page.goto('/');
    const seenValues = await recordProgressValues(page);
    const job = nextJobId(page);
    await submit(page, site.url);
    const { id, authorization } = await job;
    expect(authorization).toBe(`Bearer ${session.token}`);

    const button = page.getByRole('button', { name: 'Generating your ZIP file...' });
    await expect(button).toBeDisabled();
    await expect(button.locator('.spinner')).toBeVisible();
    const bar = progressBar(page);
    await expect(bar).toBeVisible();
    const valueNow = async () => Number(await bar.getAttribute('aria-valuenow'));
    await expect.poll(valueNow).toBeGreaterThan(0);
    await expect.poll(async () => (await seenValues()).length).toBeGreaterThanOrEqual(3);

    const found = Number(await bar.getAttribute('aria-valuemax'));
    expect(found).toBeGreaterThanOrEqual(31); // the page and its 30 images
    expect(await valueNow()).toBeLessThan(found);
    // The text says what the bar says (read together: the count may still be moving).
    const shown = () =>
      bar.evaluate((element) => ({
        text: document.querySelector('[data-testid="progress-resources"]')?.textContent,
        expected: `${element.getAttribute('aria-valuenow')} / ${element.getAttribute('aria-valuemax')} resources`,
      }));
    await expect.poll(async () => { const { text, expected } = await shown(); return text === expected; }).toBe(true);
    await expect(page.getByTestId('progress-bytes')).toHaveText(/^\d+(\.\d)? (B|KB)$/);
    await expect(page.getByTestId('progress-elapsed')).toHaveText(/^[1-9]\d* s elapsed$/);
    const axe = await new AxeBuilder({ page }).include('.download').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    gate.open();
    const result = page.getByTestId('result-panel');
    await expect(result).toBeVisible();
    await expect(bar).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download ZIP' })).toBeEnabled();
    const seen = await seenValues();
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    await expect(result.getByTestId('download-link')).toHaveAttribute('href', `${baseURL}/files/${id}`);
    await expect(result.getByTestId('download-link')).toContainText('127.0.0.1.zip');
    await expect(result.getByRole('link', { name: /Preview/ })).toHaveAttribute('href', `${baseURL}/preview/${id}/`);
    await expect(result.locator('dt')).toHaveText(['Peak memory', 'Avg CPU', 'Max CPU', 'Duration']);
    for (const value of await result.locator('dd').all()) await expect(value).toHaveText(/^\d[\d,.]* ?(MB|%|s)$/);
  } finally {
    gate.open();
    await site.close();
  }
});

test('a page that answers 404 ends in the error panel with the spelling tip', async ({ page }) => {
  const site = await serveFixture({});
  try {
    await page.goto('/');
    await submit(page, `${site.origin}/no-such-page`);
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
    const panel = page.getByRole('alert').filter({ hasText: 'Oops! Something went wrong' });
    await expect(panel).toContainText('not found');
    await expect(panel.getByRole('list', { name: 'Tips' })).toHaveText(
      'Check that the address is spelled correctly, and try opening it in your browser.',
    );
    await expect(progressBar(page)).toHaveCount(0);
    await expect(page.getByTestId('result-panel')).toHaveCount(0);
  } finally {
    await site.close();
  }
});

test('addresses the landing form rejects never reach the server', async ({ page }) => {
  const started: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') started.push(request.url());
  });
  await page.goto('/');
  for (const [input, message] of [
    ['ftp://example.com', 'URL must use HTTP or HTTPS protocol'],
    ['example', 'Please enter a valid domain name (e.g., example.com)'],
    ['exa mple.com', 'URL cannot contain spaces'],
  ] as const) {
    await submit(page, input);
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page.getByLabel('Website URL')).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(progressBar(page)).toHaveCount(0);
  expect(started).toEqual([]);
});

test('when the event stream fails, the form follows the job through GET /jobs/:id', async ({ page, baseURL }) => {
  const gate = createGate();
  const site = await serveGallery({ images: 5, latencyMs: 30, holdFrom: 0, gate });
  let streamsRefused = 0;
  await page.route('**/events', (route) => {
    streamsRefused++;
    return route.abort();
  });
  try {
    await page.goto('/');
    const job = nextJobId(page);
    await submit(page, site.url);
    const { id } = await job;
    // With the images held, the job is still running when the form asks for it.
    const polled = await page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/jobs/${id}` && response.request().method() === 'GET',
    );
    expect(((await polled.json()) as { status: string }).status).toMatch(/^(queued|running)$/);
    expect(streamsRefused).toBeGreaterThan(0);
    await expect(progressBar(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generating your ZIP file...' })).toBeDisabled();

    gate.open();
    await expect(page.getByTestId('download-link')).toHaveAttribute('href', `${baseURL}/files/${id}`);
    expect(streamsRefused).toBe(1); // polling took over; the stream was not retried in a loop
  } finally {
    gate.open();
    await site.close();
  }
});

test('a refused job shows the server detail; an unreachable API shows the landing wording', async ({ page }) => {
  const jobs = (url: URL) => url.pathname === '/jobs';
  await page.route(jobs, (route) =>
    route.fulfill({ status: 429, json: { detail: 'Too many downloads from your address. Please wait a while and try again.' } }),
  );
  await page.goto('/');
  await submit(page, 'example.com');
  const panel = page.getByRole('alert').filter({ hasText: 'Oops! Something went wrong' });
  await expect(panel).toContainText('Too many downloads from your address. Please wait a while and try again.');

  await page.unroute(jobs);
  await page.route(jobs, (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Download ZIP' }).click();
  await expect(panel).toContainText('🌐 Cannot connect to server. Please check your internet connection and try again.');
  await expect(panel).not.toContainText('Too many downloads');
});
