import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import type { Page as FirefoxPage } from 'puppeteer-core';
import { firefoxViewOf, followInFirefox, openFirefoxTab, sharedFirefox, viewInFirefox } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import { viewOf, type PageView } from '../support/page-view.js';
import { inBothBrowsersOffline, liveCapture } from './offline-interaction.js';
import { compare, renderFixtureTests, TARGET, type Comparison } from './render-check.js';

// Docusaurus: pages rendered on the server that React hydrates and whose client router takes
// over. From file:// the router sees /home/.../index.html, a path of none of its routes: a copy
// that runs the site's scripts shows "Page Not Found". The full mirror must still navigate.
const check = renderFixtureTests('docusaurus', {}, ['--full']);

/** A reader's way through the site: each step clicks a link of the page before it. */
interface Step {
  path: string;
  /** The link clicked to get here: a CSS selector, and words of its text. */
  via?: { selector: string; text: string };
  /** The page's main heading. */
  heading: { selector: string; text: string };
}

const WALK: Step[] = [
  { path: '/', heading: { selector: 'h1', text: 'My Site' } },
  { path: '/docs/intro', via: { selector: '.navbar a.navbar__link', text: 'Tutorial' }, heading: { selector: 'h1', text: 'Tutorial Intro' } },
  {
    path: '/docs/category/tutorial---basics',
    via: { selector: 'a.pagination-nav__link--next', text: 'Tutorial - Basics' },
    heading: { selector: 'h1', text: 'Tutorial - Basics' },
  },
  {
    path: '/docs/tutorial-basics/create-a-page',
    via: { selector: '.theme-doc-sidebar-menu a.menu__link', text: 'Create a Page' },
    heading: { selector: 'h1', text: 'Create a Page' },
  },
  { path: '/blog', via: { selector: '.navbar a.navbar__link', text: 'Blog' }, heading: { selector: 'article h2', text: 'Welcome' } },
  { path: '/blog/welcome', via: { selector: 'article h2 a', text: 'Welcome' }, heading: { selector: 'h1', text: 'Welcome' } },
];

// Marks the link a step clicks (the first of `selector` whose text has the words), so that each
// browser's own click can find it; returns its address, or why there is none.
const markLink = (via: NonNullable<Step['via']>) => `(() => {
  const link = [...document.querySelectorAll(${JSON.stringify(via.selector)})].find((a) => a.textContent.includes(${JSON.stringify(via.text)}));
  if (!link) return 'no link';
  link.setAttribute('data-e2e-next', '');
  return link.href;
})()`;
const headingText = (heading: Step['heading']) =>
  `[...document.querySelectorAll(${JSON.stringify(heading.selector)})].map((h) => h.textContent.trim()).join(' | ')`;

/** The live page at `path` as Chromium shows it. */
async function liveChromium(browser: Browser, origin: string, path: string): Promise<PageView> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${path}`, { waitUntil: 'load' });
    return await viewOf(page);
  } finally {
    await context.close();
  }
}

function expectClose(result: Comparison, where: string): void {
  const numbers = `${where}: ${JSON.stringify(result)}`;
  test.info().annotations.push({ type: where, description: `${result.pixelDiff} % px, text ${result.textMatch}` });
  expect(result.textMatch, numbers).toBeGreaterThanOrEqual(TARGET.textMatch);
  expect(result.pixelDiff, numbers).toBeLessThanOrEqual(TARGET.pixelDiff);
}

/**
 * Whether `url` is the copy's file of the page at `path` (its folder's index.html, or `<path>.html`).
 * Not the clicked link's address: a link React drew again after hydration reads as the address
 * its script gave it (`/docs/…`, from file:// the disk's root), and the replay layer sends the
 * click to the local copy (replay-links.ts); waiting for that address held a CI run to its timeout.
 */
function isCopyOf(url: string | URL, path: string): boolean {
  const { protocol, pathname } = new URL(url);
  const page = path.replace(/\/$/, '');
  return protocol === 'file:' && (pathname.endsWith(`${page}/index.html`) || pathname.endsWith(`${page}.html`));
}

async function clickThrough(page: Page, step: Step): Promise<void> {
  const href = (await page.evaluate(markLink(step.via!))) as string;
  expect(href, `${step.path}: the link to click`).toMatch(/^file:/);
  await Promise.all([page.waitForURL((url) => isCopyOf(url, step.path), { waitUntil: 'load' }), page.locator('[data-e2e-next]').click()]);
}

async function clickThroughFirefox(page: FirefoxPage, step: Step): Promise<void> {
  const href = (await page.evaluate(markLink(step.via!))) as string;
  expect(href, `${step.path}: the link to click`).toMatch(/^file:/);
  const url = await followInFirefox(page, () => page.click('[data-e2e-next]'));
  expect(isCopyOf(url, step.path), url).toBe(true);
}

// A hovered link makes Docusaurus load its page's chunks by their address online (webpack's public
// path '/'): a single page's copy has some, prefetched as the page rendered, not others, whose
// addresses from file:// are files at the disk's root. Those fail without a request (the replay
// layer says so on the console, replay-outside-copy.ts), not as requests for missing files.
const LINKS_HOVERED = 30;
const MISSED = 'sitezip: not in this copy: GET ';
// Chunks the page has loaded (rspack's chunk array): it grows as a hover loads a page's chunks.
const CHUNKS = 'self.webpackChunkdocusaurus_site.length';

test("docusaurus: a single page's copy, its links hovered offline, asks for nothing it cannot have, in Chromium and Firefox", async ({ browser }) => {
  test.setTimeout(120_000);
  const capture = await liveCapture(check);
  await inBothBrowsersOffline(browser, check, capture, {
    async chromium(page) {
      const missed: string[] = [];
      page.on('console', (message) => {
        if (message.text().startsWith(MISSED)) missed.push(message.text());
      });
      // Chromium's offline emulation reports a connection too slow to preload on (Docusaurus asks
      // navigator.connection): the network stays refused by the context's routes all the same.
      await page.context().setOffline(false);
      // Its links load nothing on hover before React has hydrated them.
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      const before = (await page.evaluate(CHUNKS)) as number;
      for (const link of (await page.locator('a[href]').all()).slice(0, LINKS_HOVERED)) await link.hover({ timeout: 1_000 }).catch(() => undefined);
      // The hovers loaded chunks, or missed them (which of them the copy has depends on what the render prefetched).
      await expect.poll(async () => missed.length + ((await page.evaluate(CHUNKS)) as number) - before).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      expect(missed.every((line) => /\/assets\/js\/[\w.~-]+\.js$/.test(line)), missed.join('\n')).toBe(true);
    },
    async firefox(page) {
      const missed: string[] = [];
      page.on('console', (message) => {
        if (message.text().startsWith(MISSED)) missed.push(message.text());
      });
      await page.waitForSelector('html[data-has-hydrated="true"]', { timeout: 10_000 });
      const before = (await page.evaluate(CHUNKS)) as number;
      for (const link of (await page.$$('a[href]')).slice(0, LINKS_HOVERED)) await link.hover().catch(() => undefined);
      await expect.poll(async () => missed.length + ((await page.evaluate(CHUNKS)) as number) - before).toBeGreaterThan(0);
      await page.waitForNetworkIdle({ idleTime: 500, timeout: 10_000 });
    },
  });
});

test('docusaurus: a full mirror navigates offline through the navbar, the pagination, the sidebar and the blog in Chromium', async ({ browser }) => {
  test.setTimeout(300_000);
  const [{ dir, manifest }, site] = await Promise.all([check.capture(['--full']), check.site()]);
  const rendered = manifest.resources.filter((r) => r.render && r.render.output !== 'static');
  const notRendered = manifest.resources.filter((r) => r.render?.output === 'static');
  expect(notRendered.map((r) => `${r.url}: ${r.render?.error}`)).toEqual([]);
  expect(rendered.length).toBeGreaterThanOrEqual(WALK.length);
  // One copy of the site's scripts, styles and images, shared by every page.
  const paths = manifest.resources.map((r) => r.path).filter((p): p is string => !!p);
  expect(paths.filter((p) => /\/assets\/css\/styles\.[0-9a-f]+\.css$/.test(p))).toHaveLength(1);
  expect(new Set(paths).size).toBe(paths.length);
  // Every page live: its router given the address online (capture/location-reads.ts).
  expect(rendered.map((r) => `${r.url} ${r.render?.output}`).filter((line) => !line.endsWith(' live'))).toEqual([]);
  expect(existsSync(join(dir, 'sitezip-replay.js'))).toBe(true);
  const offline = await openOffline(browser, dir);
  try {
    const { page } = offline;
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const step of WALK) {
      if (step.via) await clickThrough(page, step);
      expect(page.url()).toMatch(/^file:/);
      await expect(page.locator(step.heading.selector).filter({ hasText: step.heading.text }).first()).toBeVisible();
      const [copy, live] = [await viewOf(page), await liveChromium(browser, site.origin, step.path)];
      expect(live.text, `${step.path}: the live page`).toContain(step.heading.text);
      expectClose(compare(live, copy, offline.failedRequests, offline.networkRequests), step.path);
    }
    expect(offline.networkRequests).toEqual([]);
    expect(offline.failedRequests).toEqual([]);
    expect(offline.pageErrors).toEqual([]);
  } finally {
    await offline.close();
  }
});

test('docusaurus: the full mirror navigates offline in Firefox too', async () => {
  test.setTimeout(300_000);
  const [{ dir }, site] = await Promise.all([check.capture(['--full']), check.site()]);
  // The live pages as Firefox shows them (a copy in Firefox is compared with Firefox's original).
  const live = new Map<string, PageView>();
  const loopback = await sharedFirefox('loopback');
  for (const step of WALK) live.set(step.path, await viewInFirefox(loopback, `${site.origin}${step.path}`));
  const tab = await openFirefoxTab(await check.firefoxBrowser());
  try {
    const { page } = tab;
    await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
    for (const step of WALK) {
      if (step.via) await clickThroughFirefox(page, step);
      expect(await page.evaluate(headingText(step.heading)), step.path).toContain(step.heading.text);
      const copy = await firefoxViewOf(page);
      expect(live.get(step.path)!.text, `${step.path}: the live page`).toContain(step.heading.text);
      expectClose(compare(live.get(step.path)!, copy, tab.failedRequests, tab.onlineRequests), step.path);
    }
    expect(tab.onlineRequests).toEqual([]);
    expect(tab.failedRequests).toEqual([]);
  } finally {
    await tab.close();
  }
});
