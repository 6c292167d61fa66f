import { expect, test } from '../support/test.js';
import { openOffline } from '../support/offline.js';
import { renderFixtureTests } from './render-check.js';

// Storybook 10's static build (React, Vite builder) of its init's example stories. Its page, the
// manager, fetch()es index.json and shows the story in a frame (iframe.html?id=…&viewMode=story)
// that builds itself with JavaScript: the copy keeps that frame's document as the render left it.
// Left as fixme since 2026-12-01 (issue 14): on a slow 2-core machine beside the other worker's
// browsers, storybook's render (1.2 GB, 8 times a cold load) saved copies whose self-check counted
// failed requests, and whose preview frame lacked the story, in both clean-clone CI runs of
// that day (all four pass alone on the idle machine). Re-enable once the render waits for a
// frame's bundle to finish and the copy passes under load.
const UNDER_LOAD = "storybook's render under a loaded slow machine: failed requests and an empty preview frame (issue 14)";
const check = renderFixtureTests('storybook', { selfCheck: UNDER_LOAD, chromium: UNDER_LOAD, firefox: UNDER_LOAD });

test("storybook: offline, the preview frame shows the story's Button", async ({ browser }) => {
  test.fixme(true, UNDER_LOAD);
  test.setTimeout(150_000);
  const capture = await check.capture();
  const offline = await openOffline(browser, capture.dir);
  try {
    const story = offline.page.frameLocator('#storybook-preview-iframe').locator('#storybook-root');
    await expect(story.getByRole('button', { name: 'Button' })).toBeVisible();
    expect(offline.failedRequests).toEqual([]);
    expect(offline.networkRequests).toEqual([]);
  } finally {
    await offline.close();
  }
});
