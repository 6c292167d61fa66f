import { expect, test } from '../support/test.js';
import { openOffline } from '../support/offline.js';
import { renderFixtureTests } from './render-check.js';

// SvelteKit's demo app, prerendered: the page is in its HTML, and a classic inline script starts
// the app by import() (its relative addresses go through the copy's import map), then Vite's
// preload helper adds modulepreload links (inert in a live copy, where they could only fail).
// What only running scripts do: the counter counts.
const check = renderFixtureTests('sveltekit');

const INCREASE = 'Increase the counter by one';

test('sveltekit: the live copy is kept, and offline its counter counts in Chromium and in Firefox', async ({ browser }) => {
  test.setTimeout(90_000);
  const capture = await check.capture();
  const render = capture.manifest.resources[0]?.render;
  expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });

  const offline = await openOffline(browser, capture.dir);
  try {
    const { page } = offline;
    const count = page.locator('.counter-viewport strong').first();
    await expect(count).toHaveText('1');
    // Hydrated once the button answers: clicked until it does, then twice more.
    await expect(async () => {
      await page.getByLabel(INCREASE).click();
      await expect(count).not.toHaveText('1', { timeout: 500 });
    }).toPass({ timeout: 10_000 });
    const after = Number(await count.textContent());
    await page.getByLabel(INCREASE).click();
    await expect(count).toHaveText(String(after + 1));
    expect(offline.failedRequests).toEqual([]);
    expect(offline.networkRequests).toEqual([]);
    expect(offline.pageErrors).toEqual([]);
  } finally {
    await offline.close();
  }

  const firefox = await (await check.firefoxBrowser()).newPage();
  try {
    await firefox.goto(capture.index);
    const read = () => firefox.$eval('.counter-viewport strong', (element) => element.textContent);
    expect(await read()).toBe('1');
    await firefox.waitForFunction(
      (label) => {
        (document.querySelector(`[aria-label="${label}"]`) as HTMLElement | null)?.click();
        return document.querySelector('.counter-viewport strong')?.textContent !== '1';
      },
      { timeout: 10_000, polling: 250 },
      INCREASE,
    );
    expect(Number(await read())).toBeGreaterThan(1);
  } finally {
    await firefox.close();
  }
});
