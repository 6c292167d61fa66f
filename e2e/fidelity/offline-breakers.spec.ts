import { createServer } from 'node:net';
import { expect } from '@playwright/test';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { expectNoNetwork, test } from '../support/archived-page.js';
import { colorAt } from '../support/pixels.js';
import { css } from '../support/test-images.js';
import { COLORS, offlineBreakersSite } from './offline-breakers.fixture.js';

let site: FixtureSite;
let deadOrigin: string;

/** An origin on a port that was free a moment ago: connecting to it is refused. */
async function closedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

test.beforeAll(async () => {
  deadOrigin = await closedOrigin();
  site = await serveFixture(offlineBreakersSite(deadOrigin));
});

test.afterAll(async () => {
  await site.close();
});

test('a stylesheet and script with integrity + crossorigin still load once rewritten', async ({ archive }) => {
  const saved = await archive(`${site.origin}/integrity/`);
  const { page } = saved;
  await expect(page.locator('#sri')).toHaveCSS('color', css(COLORS.sri));
  await expect.poll(() => colorAt(page.locator('#sri-bg'))).toBe(css(COLORS.sriBg));
  expect(await page.evaluate(() => (window as { sriScript?: string }).sriScript)).toBe('ran');
  expectNoNetwork(saved);
});

test("the original page's CSP <meta> is gone, so inline styles, scripts and images work", async ({ archive }) => {
  const saved = await archive(`${site.origin}/csp-meta/`);
  const { page } = saved;
  await expect(page.locator('#inline')).toHaveCSS('color', css(COLORS.inline));
  await expect(page.locator('#attribute')).toHaveCSS('color', css(COLORS.attribute));
  await expect(page.locator('#pic')).toHaveJSProperty('naturalWidth', 37);
  expect(await page.evaluate(() => (window as { inlineScript?: string }).inlineScript)).toBe('ran');
  const policies = await page
    .locator('meta[http-equiv="content-security-policy" i]')
    .evaluateAll((metas) => metas.map((m) => m.getAttribute('content') ?? ''));
  expect(policies).toHaveLength(1);
  expect(policies[0]).not.toContain("'none'");
  expectNoNetwork(saved);
});

test('references to a host that fails leave no request when opened offline', async ({ archive }) => {
  const saved = await archive(`${site.origin}/dead-host/`);
  await expect(saved.page.locator('#alive')).toHaveCSS('color', css(COLORS.alive));
  for (const path of ['/gone-link.css', '/gone-img.png', '/gone-import.css', '/gone-bg.png']) {
    const entry = saved.entry(`${deadOrigin}${path}`);
    expect(entry, path).toMatchObject({ errorCode: 'NETWORK' });
    expect(entry?.path, path).toBeUndefined();
  }
  const deadHost = new URL(deadOrigin).host;
  expect(saved.html).not.toContain(deadHost);
  expect(await saved.text(saved.entry(`${site.origin}/o/dead.css`)!.path!)).not.toContain(deadHost);
  expectNoNetwork(saved);
});

test('a prefetch hint does not ask for a missing file when opened', async ({ archive }) => {
  const saved = await archive(`${site.origin}/resource-hints/`);
  await expect(saved.page.locator('#text')).toHaveText('hints');
  // The browser fetches the prefetch whenever it likes: check where it points rather than wait for it.
  const href = await saved.page.locator('link[rel=prefetch]').evaluate((link: HTMLLinkElement) => link.href);
  const path = saved.pathOf(href);
  expect(path, `${href} points into the archive`).toBeDefined();
  expect(saved.files).toContain(path);
  expectNoNetwork(saved);
});
