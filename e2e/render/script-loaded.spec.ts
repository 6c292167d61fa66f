import { expect, test } from '../support/test.js';
import { viewInFirefox } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import { renderFixtureTests, TARGET } from './render-check.js';

// Everything here arrives by script: a stylesheet, images, a FontFace font, import() chunks by
// absolute path, fetch() and XHR data, workers. The live copy keeps the scripts running on the
// replay layer, which hands FontFace its file in the copy (its module worker cannot start from
// file://: the word count stays "Counting…", text 0.985). The snapshot once lost the FontFace
// font (4.4 % of pixels in Chromium, 9.6 % in Firefox: the font is in no stylesheet); the render
// now writes such fonts into the DOM as @font-face rules, so either candidate carries it.
const check = renderFixtureTests('script-loaded');

test('script-loaded: the snapshot candidate carries the FontFace font too', async () => {
  test.setTimeout(90_000);
  // The live copy passes on its own, so its snapshot is checked only when asked for.
  const { manifest } = await check.capture(['--check-snapshots']);
  const snapshot = manifest.resources[0]?.render?.candidates?.snapshot;
  expect(snapshot, JSON.stringify(manifest.resources[0]?.render)).toMatchObject({ failedRequests: 0, onlineRequests: 0 });
  expect(snapshot!.textMatch).toBeGreaterThanOrEqual(TARGET.textMatch);
  expect(snapshot!.pixelDiff, JSON.stringify(snapshot)).toBeLessThanOrEqual(TARGET.pixelDiff);
});

// Written only when both workers answered: the module worker's count, the classic worker's minutes.
const STATS = '182 words, 117 distinct; about 1 minutes to read.';

test('script-loaded: the live copy is kept, its workers answer offline in Chromium and Firefox', async ({ browser }) => {
  test.setTimeout(90_000);
  const capture = await check.capture();
  const render = capture.manifest.resources[0]?.render;
  expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
  expect(render!.check!.pixelDiff, JSON.stringify(render)).toBeLessThanOrEqual(0.01);
  const offline = await openOffline(browser, capture.dir);
  try {
    await expect(offline.page.locator('#stats')).toHaveText(STATS, { timeout: 10_000 });
    expect(offline.networkRequests).toEqual([]);
    expect(offline.failedRequests).toEqual([]);
  } finally {
    await offline.close();
  }
  const copy = await viewInFirefox(await check.firefoxBrowser(), capture.index);
  expect(copy.text).toContain(STATS);
  expect(copy.failedRequests).toEqual([]);
  expect(copy.onlineRequests).toEqual([]);
});
