import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { analyticsSites, TAG_OFFLINE } from '../../packages/archiver/test/support/analytics-site.js';
import type { FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import { captureAndUnzip } from '../support/capture.js';
import { openFirefoxTab, sharedFirefox } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import { expect, test } from '../support/test.js';

// A static page's analytics tag, run offline by its copy: in each browser it goes through all it
// does with nothing sent and nothing failed. Before the copy's guard, its CSP refused them: 3
// failed requests in Chromium (`csp`), 4 errors of the page in Firefox (the beacon's too).
let site: FixtureSite;
let analytics: FixtureSite;
test.beforeAll(async () => ({ site, analytics } = await analyticsSites()));
test.afterAll(async () => {
  await site.close();
  await analytics.close();
});

const tagHits = () => (window as unknown as { tagHits?: string }).tagHits;

test("a static copy runs another site's analytics tag offline, sending and failing nothing, in Chromium and Firefox", async ({ browser }) => {
  const captured = await captureAndUnzip(`${site.origin}/`);
  try {
    expect(captured.summary.manifest.resources[0]?.render).toBeUndefined();
    const chromium = await openOffline(browser, captured.dir);
    try {
      await expect.poll(() => chromium.page.evaluate(tagHits)).toBe(TAG_OFFLINE);
      expect({ online: chromium.networkRequests, failed: chromium.failedRequests, errors: chromium.pageErrors }).toEqual({ online: [], failed: [], errors: [] });
    } finally {
      await chromium.close();
    }
    const firefox = await openFirefoxTab(await sharedFirefox());
    try {
      await firefox.page.goto(pathToFileURL(join(captured.dir, 'index.html')).href, { waitUntil: 'load' });
      await expect.poll(() => firefox.page.evaluate(tagHits)).toBe(TAG_OFFLINE);
      expect(await firefox.page.$eval('#own', (element) => element.textContent)).toBe('Own script ran.');
      expect(await firefox.page.evaluate(() => (window as unknown as { ownSocket?: string }).ownSocket)).toBe('closed 1006');
      expect({ online: firefox.onlineRequests, failed: firefox.failedRequests, errors: firefox.pageErrors }).toEqual({ online: [], failed: [], errors: [] });
    } finally {
      await firefox.close();
    }
  } finally {
    await captured.cleanup();
  }
});
