import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Page as FirefoxPage } from 'puppeteer-core';
import { openFirefoxTab } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import { renderFixtureTests } from './render-check.js';

// Next.js 16 (App Router, built by Turbopack, a static export): pages rendered at build time
// that React hydrates, a client router that takes over links, and a search box whose index the
// page fetch()es at run time. The copy must show what the browser built (the index's count),
// and a full mirror must navigate offline.
const check = renderFixtureTests('nextjs');

/** A reader's way through the site: each step clicks a link (by its text) of the page before it. */
const WALK = [
  { via: undefined, heading: 'Getting Started', shows: '18 guides indexed' },
  { via: 'Installation', heading: 'Installation' },
  { via: 'Next: Project structure and organization', heading: 'Project structure and organization' },
  { via: 'Home', heading: 'To get started, edit the page.tsx file.' },
  { via: 'Getting Started guide', heading: 'Getting Started', shows: '18 guides indexed' },
];

// Marks the first link whose text has the words, so that each browser's own click can find it.
const markLink = (text: string) => `(() => {
  document.querySelector('[data-e2e-next]')?.removeAttribute('data-e2e-next');
  const link = [...document.querySelectorAll('a')].find((a) => a.textContent.includes(${JSON.stringify(text)}));
  if (!link) return 'no link';
  link.setAttribute('data-e2e-next', '');
  return link.href;
})()`;
const pageText = `document.querySelector('h1')?.textContent.trim() + '\\n' + document.body.innerText`;

test('nextjs: a full mirror navigates offline through the guide and the home page, with the run-time content, in Chromium', async ({ browser }) => {
  test.setTimeout(300_000);
  const { dir, manifest } = await check.capture(['--full']);
  const rendered = manifest.resources.filter((r) => r.render && r.render.output !== 'static');
  expect(manifest.resources.filter((r) => r.render?.output === 'static').map((r) => `${r.url}: ${r.render?.error}`)).toEqual([]);
  expect(rendered.length).toBeGreaterThanOrEqual(20);
  const offline = await openOffline(browser, dir);
  try {
    const { page } = offline;
    for (const step of WALK) {
      if (step.via) await clickThrough(page, step.via);
      expect(page.url()).toMatch(/^file:/);
      const text = (await page.evaluate(pageText)) as string;
      expect(text.split('\n')[0], page.url()).toBe(step.heading);
      if (step.shows) expect(text, page.url()).toContain(step.shows);
    }
    expect(offline.networkRequests).toEqual([]);
    expect(offline.failedRequests).toEqual([]);
  } finally {
    await offline.close();
  }
});

async function clickThrough(page: Page, via: string): Promise<void> {
  const href = (await page.evaluate(markLink(via))) as string;
  expect(href, `the link "${via}"`).toMatch(/^file:/);
  await Promise.all([page.waitForURL(href, { waitUntil: 'load' }), page.locator('[data-e2e-next]').click()]);
}

test('nextjs: the full mirror navigates offline in Firefox too', async () => {
  test.setTimeout(300_000);
  const { dir } = await check.capture(['--full']);
  const tab = await openFirefoxTab(await check.firefoxBrowser());
  try {
    const { page } = tab;
    await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
    for (const step of WALK) {
      if (step.via) await clickThroughFirefox(page, step.via);
      const text = (await page.evaluate(pageText)) as string;
      expect(text.split('\n')[0], page.url()).toBe(step.heading);
      if (step.shows) expect(text, page.url()).toContain(step.shows);
    }
    expect(tab.onlineRequests).toEqual([]);
    expect(tab.failedRequests).toEqual([]);
  } finally {
    await tab.close();
  }
});

async function clickThroughFirefox(page: FirefoxPage, via: string): Promise<void> {
  const href = (await page.evaluate(markLink(via))) as string;
  expect(href, `the link "${via}"`).toMatch(/^file:/);
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('[data-e2e-next]')]);
  expect(page.url()).toBe(href);
}
