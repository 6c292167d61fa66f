import { expect, test } from '@playwright/test';
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
  const { manifest } = await check.capture();
  const snapshot = manifest.resources[0]?.render?.candidates?.snapshot;
  expect(snapshot, JSON.stringify(manifest.resources[0]?.render)).toMatchObject({ failedRequests: 0, onlineRequests: 0 });
  expect(snapshot!.textMatch).toBeGreaterThanOrEqual(TARGET.textMatch);
  expect(snapshot!.pixelDiff, JSON.stringify(snapshot)).toBeLessThanOrEqual(TARGET.pixelDiff);
});
