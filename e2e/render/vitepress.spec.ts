import { expect, test } from '../support/test.js';
import { openOffline } from '../support/offline.js';
import { renderFixtureTests } from './render-check.js';

const check = renderFixtureTests('vitepress', {}, ['--full']);

test('vitepress: a full mirror navigates offline through the nav, the hero and the sidebar', async ({ browser }) => {
  test.setTimeout(120_000);
  const { dir, manifest } = await check.capture(['--full']);
  expect(manifest.resources.filter((r) => r.render && r.render.output !== 'static').length).toBeGreaterThanOrEqual(3);
  const offline = await openOffline(browser, dir);
  try {
    const { page } = offline;
    await expect(page.getByRole('heading', { level: 1 })).toContainText('VitePress field guide');
    await page.getByRole('link', { name: 'Markdown Examples' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Markdown Extension Examples/);
    await page.getByRole('link', { name: 'Runtime API Examples' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Runtime API Examples/);
    await page.getByRole('link', { name: 'VitePress field guide' }).first().click();
    await expect(page.getByText('My great project tagline')).toBeVisible();
    expect(page.url()).toMatch(/^file:/);
    expect(offline.networkRequests).toEqual([]);
    expect(offline.failedRequests).toEqual([]);
  } finally {
    await offline.close();
  }
});
