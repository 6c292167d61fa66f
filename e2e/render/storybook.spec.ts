import { expect, test } from '../support/test.js';
import { openOffline } from '../support/offline.js';
import { renderFixtureTests } from './render-check.js';

// Storybook 10's static build (React, Vite builder) of its init's example stories. Its page, the
// manager, fetch()es index.json and shows the story in a frame (iframe.html?id=…&viewMode=story)
// that builds itself with JavaScript: the copy keeps that frame's document as the render left it.
// Left as fixme (issue 14): on a slow 2-core machine beside the other worker's browsers, its render
// took the page before the manager's 5 MB of modules had run (loaded, compiling, nothing in
// flight). The render now waits for its documents to finish loading (settle.ts), and 3 of 3
// captures beside another test run came out right, but in the clean-clone CI run of 2026-12-02
// the preview frame was still taken before its story (fetched index.json, then an import()) had
// rendered, and the self-check ran out of its 8 s.
const UNDER_LOAD = "storybook's render on a loaded slow machine: the preview frame taken before its story rendered (issue 14)";
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
