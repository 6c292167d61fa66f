import { expect, test } from '../support/test.js';
import { openOffline } from '../support/offline.js';
import { renderFixtureTests } from './render-check.js';

const check = renderFixtureTests('react-router', {}, ['--full']);

test('react-router: a full mirror navigates offline between routes whose loaders fetched JSON', async ({ browser }) => {
  test.setTimeout(120_000);
  const { dir, manifest } = await check.capture(['--full']);
  expect(manifest.resources.filter((r) => r.render && r.render.output !== 'static').length).toBeGreaterThanOrEqual(4);
  const offline = await openOffline(browser, dir);
  try {
    const { page } = offline;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a pet to adopt');
    await page.getByRole('link', { name: 'Pets', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All pets');
    await page.getByRole('link', { name: 'Captain' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Captain');
    await expect(page.getByText('Status: available')).toBeVisible();
    await page.getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About the adoption desk');
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a pet to adopt');
    expect(page.url()).toMatch(/^file:/);
    expect(offline.networkRequests).toEqual([]);
    expect(offline.failedRequests).toEqual([]);
  } finally {
    await offline.close();
  }
});
