import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from '@playwright/test';
import type { ElementHandle, Browser as PuppeteerBrowser } from 'puppeteer-core';
import { expect } from '../support/test.js';
import { followInFirefox, openFirefoxTab } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';

// A reader's way through an unpacked mirror of a client-routed app, from its start page, in
// Chromium or Firefox: each step clicks a link by its text and waits for the next page's own
// words; every page is a file, and nothing fails or goes online on the way.

export interface WalkStep {
  /** The element the link is in (`nav`, `main`). */
  where: string;
  /** The link's text, whole. */
  via: string;
  /** Words that page shows once its scripts built it. */
  shows: string;
}

const hasText = (words: string) => document.body.innerText.includes(words);

/** What the walk needs of a tab, in either browser's API. */
interface Tab {
  url(): string;
  /** Clicks the link and waits for the page it loads. */
  follow(step: WalkStep): Promise<void>;
  waitForText(words: string): Promise<void>;
}

async function walk(tab: Tab, start: string, steps: readonly WalkStep[]): Promise<void> {
  await tab.waitForText(start);
  for (const step of steps) {
    const from = tab.url();
    await tab.follow(step);
    expect(tab.url()).not.toBe(from);
    expect(tab.url()).toMatch(/^file:/);
    await tab.waitForText(step.shows);
  }
}

export async function walkInChromium(browser: Browser, dir: string, start: string, steps: readonly WalkStep[]): Promise<void> {
  const offline = await openOffline(browser, dir);
  try {
    const { page } = offline;
    const tab: Tab = {
      url: () => page.url(),
      follow: async ({ where, via }) => {
        const from = page.url();
        // The link a reader sees: a theme may keep a hidden copy of its menu (a mobile nav) beside the one shown.
        const link = page.locator(`${where} a`).getByText(via, { exact: true }).filter({ visible: true });
        await Promise.all([page.waitForURL((url) => url.href !== from), link.click()]);
      },
      waitForText: async (words) => void (await page.waitForFunction(hasText, words, { timeout: 10_000 })),
    };
    await walk(tab, start, steps);
    // A load the walk's own click cut short (a chunk the page was still hydrating with) is
    // ERR_ABORTED; a file the copy lacks fails otherwise (ERR_FILE_NOT_FOUND).
    const failed = offline.failedRequests.filter((request) => !request.endsWith(' net::ERR_ABORTED'));
    expect([offline.networkRequests, failed, offline.pageErrors]).toEqual([[], [], []]);
  } finally {
    await offline.close();
  }
}

export async function walkInFirefox(firefox: PuppeteerBrowser, dir: string, start: string, steps: readonly WalkStep[]): Promise<void> {
  const tab = await openFirefoxTab(firefox);
  try {
    const { page } = tab;
    await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
    await walk(
      {
        url: () => page.url(),
        follow: async ({ where, via }) => {
          // The first such link that is shown (a theme may keep a hidden copy of its menu beside the one shown).
          const found = await page.waitForFunction(
            (xpath) => {
              const links = document.evaluate(xpath, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
              for (let i = 0; i < links.snapshotLength; i++) {
                const link = links.snapshotItem(i) as HTMLElement;
                if (link.checkVisibility()) return link;
              }
              return null;
            },
            { timeout: 10_000 },
            `//${where}//a[normalize-space()="${via}"]`,
          );
          const link = found.asElement() as ElementHandle<Element>;
          await followInFirefox(page, () => link.click());
        },
        waitForText: async (words) => void (await page.waitForFunction(hasText, { timeout: 10_000 }, words)),
      },
      start,
      steps,
    );
    expect([tab.onlineRequests, tab.failedRequests, tab.pageErrors]).toEqual([[], [], []]);
  } finally {
    await tab.close();
  }
}
