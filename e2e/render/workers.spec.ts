import { expect, test } from '../support/test.js';
import { viewInFirefox } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import { viewOf } from '../support/page-view.js';
import { renderFixtureTests } from './render-check.js';

// Every line of this page is written by a worker: a Vite-style module worker
// (new URL('./workers/planets.js', import.meta.url)) that imports a module, import()s another and
// fetches JSON by two relative addresses; a classic worker by a relative path that loads a helper
// with importScripts() and text by XHR; a worker the page builds from a blob: URL. From file://
// none of the first two can start from their files: the live copy starts them from blob: URLs
// that carry the replay layer and the recorded scripts.
const check = renderFixtureTests('workers');

const ANSWERS = [
  'Largest planet: Jupiter, 69,911 km in radius, with 95 known moons.',
  'The year 2026 is MMXXVI; time is counted in Roman numerals here.',
  'Six times seven is 42.',
];

test('workers: the live copy is kept, its self-check reads every worker answer', async () => {
  test.setTimeout(90_000);
  const { manifest } = await check.capture();
  const render = manifest.resources[0]?.render;
  expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
  expect(render!.check!.pixelDiff, JSON.stringify(render)).toBeLessThanOrEqual(0.05);
});

test('workers: offline, each worker of the live copy answers, in Chromium and in Firefox', async ({ browser }) => {
  test.setTimeout(90_000);
  const capture = await check.capture();
  // The snapshot shows the answers too, written into its DOM: it is the live copy's workers that count here.
  expect(capture.manifest.resources[0]?.render?.output).toBe('live');
  const offline = await openOffline(browser, capture.dir);
  try {
    // The answers come after the page's load event.
    await expect(offline.page.locator('body')).not.toContainText('thinking', { timeout: 10_000 });
    const copy = await viewOf(offline.page);
    for (const answer of ANSWERS) expect(copy.text, 'Chromium').toContain(answer);
    expect(offline.failedRequests).toEqual([]);
    expect(offline.networkRequests).toEqual([]);
    expect(offline.pageErrors).toEqual([]);
  } finally {
    await offline.close();
  }
  const copy = await viewInFirefox(await check.firefoxBrowser(), capture.index);
  for (const answer of ANSWERS) expect(copy.text, 'Firefox').toContain(answer);
  expect(copy.failedRequests).toEqual([]);
  expect(copy.onlineRequests).toEqual([]);
  expect(copy.pageErrors).toEqual([]);
});
