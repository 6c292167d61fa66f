import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSites, TAG_OFFLINE } from './support/analytics-site.js';
import type { FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// Before the copy's guard, its CSP refused the tag's requests: 3 failed requests (the pixel, the
// XHR, the plugin), and a console error for each and the beacon. (Firefox: e2e/fidelity/analytics-tag.spec.ts.)
let site: FixtureSite;
let analytics: FixtureSite;
beforeAll(async () => ({ site, analytics } = await analyticsSites()));
afterAll(async () => {
  await site.close();
  await analytics.close();
});

describe("a static copy of a page with another site's analytics tag", () => {
  it('runs the tag offline with nothing sent and no request failed; its own scripts run as before', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/`, { render: 'auto' });
    // Saved as served: no browser was started for it.
    expect(render).toBeUndefined();
    const sent = analytics.hits.size;
    await withOfflineCopy(sink, 'sitezip-offline-guard-', async ({ open, requests }) => {
      const warnings: string[] = [];
      const page = await open('index.html', (tab) => {
        tab.on('console', (message) => warnings.push(message.text()));
      });
      await expect.poll(() => page.evaluate(() => (window as unknown as { tagHits?: string }).tagHits)).toBe(TAG_OFFLINE);
      expect(await page.locator('#own').textContent()).toBe('Own script ran.');
      expect(await page.evaluate(() => (window as unknown as { ownSocket?: string }).ownSocket)).toBe('closed 1006');
      expect(requests).toEqual({ online: [], failed: [] });
      expect(warnings.filter((text) => text.startsWith('sitezip: not sent from this copy:'))).toHaveLength(5);
      expect(warnings.filter((text) => /Refused|Content Security Policy/.test(text))).toEqual([]);
    });
    // Opening the copy sent nothing.
    expect(analytics.hits.size).toBe(sent);
  }, 60_000);

  it('guards a page whose only script is inline (a snippet that adds the tag): the tag it adds is not loaded, nothing fails', async () => {
    const { sink, render } = await renderOnce(`${site.origin}/inline`, { render: 'auto' });
    expect(render).toBeUndefined();
    await withOfflineCopy(sink, 'sitezip-offline-guard-', async ({ open, requests }) => {
      const page = await open();
      await expect.poll(() => page.locator('#own').count()).toBe(1);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
