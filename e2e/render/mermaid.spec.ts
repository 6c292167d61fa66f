import { expect, test } from '../support/test.js';
import { openOffline } from '../support/offline.js';
import { renderFixtureTests } from './render-check.js';

// Mermaid's README rendered as a docs site renders Markdown, its ten diagrams drawn by mermaid's
// ESM build: the entry import()s a chunk per diagram type, and the flowchart's layout loads ELK
// (a 1.6 MB module). In the copy the modules come from blob: URLs; from data: URLs Chromium took
// 13 s (56 s on a loaded machine) to load that one module, and the diagrams after it waited.
const check = renderFixtureTests('mermaid');

const DIAGRAMS = 10;
// Runs in the page (either browser's): whether `count` diagrams hold their drawing.
function allDrawn(count: number): boolean {
  return [...document.querySelectorAll('pre.mermaid')].filter((pre) => pre.querySelector('svg')).length === count;
}

test('mermaid: the live copy is kept, and offline it draws every diagram in Chromium and in Firefox', async ({ browser }) => {
  test.setTimeout(150_000);
  const capture = await check.capture();
  const render = capture.manifest.resources[0]?.render;
  expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0 } });

  const offline = await openOffline(browser, capture.dir);
  try {
    await expect.poll(() => offline.page.evaluate(allDrawn, DIAGRAMS), { timeout: 20_000 }).toBe(true);
    expect(offline.failedRequests).toEqual([]);
    expect(offline.networkRequests).toEqual([]);
    expect(offline.pageErrors).toEqual([]);
  } finally {
    await offline.close();
  }

  const firefox = await (await check.firefoxBrowser()).newPage();
  try {
    await firefox.goto(capture.index);
    await firefox.waitForFunction(allDrawn, { timeout: 20_000, polling: 250 }, DIAGRAMS);
  } finally {
    await firefox.close();
  }
});
