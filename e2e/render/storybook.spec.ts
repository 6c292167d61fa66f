import { expect, test } from '../support/test.js';
import { openOffline } from '../support/offline.js';
import { renderFixtureTests } from './render-check.js';

// Storybook 10's static build (React, Vite builder) of its init's example stories. Its page, the
// manager, fetch()es index.json and shows the story in a frame (iframe.html?id=…&viewMode=story)
// that builds itself with JavaScript: the copy keeps that frame's document as the render left it.
// On a slow 2-core machine beside the other worker's browsers its render used to take the page
// before the manager's 5 MB of modules had run; the render now waits for its documents to finish
// loading and for the frame's fetch-then-import() to settle (settle.ts).
const check = renderFixtureTests('storybook');

test("storybook: offline, the preview frame shows the story's Button", async ({ browser }) => {
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
