import type { Browser, Page } from '@playwright/test';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { expect } from '../support/test.js';
import { openFirefoxTab } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import type { Capture, RenderCheck } from './render-check.js';

/** The fixture's capture, asserted kept live with nothing failed or sent online in its self-check. */
export async function liveCapture(check: RenderCheck): Promise<Capture> {
  const capture = await check.capture();
  const render = capture.manifest.resources[0]?.render;
  expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0 } });
  return capture;
}

/** What a test does in the copy once it is open, in each browser. */
export interface OfflineSteps {
  chromium(page: Page): Promise<void>;
  firefox(page: PuppeteerPage): Promise<void>;
}

/**
 * Opens the copy from file:// with the network blocked in Chromium, then in a Firefox tab, runs
 * the test's steps in each, and asserts that neither asked for anything it could not have, nor
 * threw.
 */
export async function inBothBrowsersOffline(browser: Browser, check: RenderCheck, capture: Capture, steps: OfflineSteps): Promise<void> {
  const offline = await openOffline(browser, capture.dir);
  try {
    await steps.chromium(offline.page);
    expect(offline.failedRequests).toEqual([]);
    expect(offline.networkRequests).toEqual([]);
    expect(offline.pageErrors).toEqual([]);
  } finally {
    await offline.close();
  }
  const firefox = await openFirefoxTab(await check.firefoxBrowser());
  try {
    await firefox.page.goto(capture.index, { waitUntil: 'load' });
    await steps.firefox(firefox.page);
    expect(firefox.failedRequests).toEqual([]);
    expect(firefox.onlineRequests).toEqual([]);
    expect(firefox.pageErrors).toEqual([]);
  } finally {
    await firefox.close();
  }
}
