import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { RENDER_FIXTURES_DIR } from '../../packages/archiver/test/support/render-fixtures.js';
import { serveFolder, type StaticFolder } from '../../packages/archiver/test/support/static-folder.js';
import { captureWithCli, type CliCapture } from '../support/capture.js';
import { followInFirefox, openFirefoxTab, sharedFirefox } from '../support/firefox.js';
import { openOffline } from '../support/offline.js';
import { expect, test } from '../support/test.js';

// An Astro Starlight 0.37 docs site (fixtures/render/starlight: pino's guides) whose pages are
// whole as served: saved static, no browser started. Its search box is Pagefind's: opened, it
// imports `/pagefind/pagefind.js` by an address its script computes, which fetches the index
// (an entry, metadata, WebAssembly, the chunks for the words typed, a fragment per hit) and
// starts a worker; from a folder all of that failed, and the box said "Searching…" for ever.
// The copy has the whole bundle and serves it to the page (capture/pagefind.ts). One capture for
// the file: a mirror of the start page and the first three guides in its sidebar.

const PAGES = ['/', '/guides/api/', '/guides/asynchronous/', '/guides/benchmarks/'];
/** The Asynchronous Logging guide's first hit for the word, which the mirror has. */
const QUERY = 'asynchronous';
const HIT = 'Asynchronous Logging';
/** A guide the mirror does not have: its hit leads online. */
const ELSEWHERE = { query: 'redaction', hit: 'Redaction', online: '/guides/redaction/' };

let site: StaticFolder;
let capture: Promise<CliCapture> | undefined;

test.beforeAll(async () => {
  site = await serveFolder(join(RENDER_FIXTURES_DIR, 'starlight'), { fallback: '404' });
});
test.afterAll(async () => {
  await (await capture)?.cleanup();
  await site.close();
});

function mirror(): Promise<CliCapture> {
  return (capture ??= captureWithCli(site.url, ['--full', '--max-pages', '4']));
}

test('starlight: a mirror is saved static, with the whole Pagefind bundle, asked once', async () => {
  const { manifest } = await mirror();
  // Pages, not the 404 page the template's missing favicon is answered with.
  const pages = manifest.resources.filter((r) => r.contentType === 'text/html' && r.status === 200);
  expect(pages.map((r) => new URL(r.url).pathname).sort()).toEqual(PAGES.slice().sort());
  for (const page of pages) expect(page.render?.output, page.url).toBeUndefined();
  // Every file the bundle's metadata names, once: 15 fragments (a page each), the index chunks, the metadata, the WebAssembly.
  const fragments = [...site.hits.keys()].filter((path) => path.startsWith('/pagefind/fragment/'));
  expect(fragments).toHaveLength(15);
  for (const path of [...site.hits.keys()].filter((path) => path.startsWith('/pagefind/'))) expect(site.hits.get(path), path).toBe(1);
  expect(site.hits.get('/pagefind/pagefind-entry.json')).toBe(1);
  expect([...site.hits.keys()].some((path) => /^\/pagefind\/index\/.+\.pf_index$/.test(path))).toBe(true);
});

test('starlight: offline, the search box finds the guides and its hit opens the local copy, in Chromium', async ({ browser }) => {
  const { dir } = await mirror();
  const offline = await openOffline(browser, dir);
  try {
    const page = offline.page;
    await search(page, QUERY);
    await expect(page.locator('.pagefind-ui__result-link').first()).toHaveText(HIT);
    await page.locator('.pagefind-ui__result-link').first().click();
    await expect(page).toHaveURL(/^file:.*\/127\.0\.0\.1_\d+\/guides\/asynchronous\/index\.html$/);
    await expect(page.locator('h1')).toHaveText(HIT);
    // A hit the mirror does not have leads to the page online.
    await page.goBack();
    await search(page, ELSEWHERE.query);
    const link = page.locator('.pagefind-ui__result-link', { hasText: ELSEWHERE.hit }).first();
    await link.dispatchEvent('click', { button: 1 });
    await expect(link).toHaveAttribute('href', new URL(ELSEWHERE.online, site.url).href);
    expect(offline.failedRequests).toEqual([]);
    expect(offline.networkRequests).toEqual([]);
    expect(offline.pageErrors).toEqual([]);
  } finally {
    await offline.close();
  }
});

test('starlight: offline, the search box finds the guides and its hit opens the local copy, in Firefox', async () => {
  const { dir } = await mirror();
  const firefox = await openFirefoxTab(await sharedFirefox());
  try {
    const page = firefox.page;
    await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
    await searchInFirefox(page, QUERY);
    const landed = await followInFirefox(page, () => page.$eval('.pagefind-ui__result-link', (a) => (a as HTMLElement).click()));
    expect(landed).toMatch(/127\.0\.0\.1_\d+\/guides\/asynchronous\/index\.html$/);
    expect(await page.$eval('h1', (h1) => h1.textContent)).toBe(HIT);
    expect(firefox.failedRequests).toEqual([]);
    expect(firefox.onlineRequests).toEqual([]);
    expect(firefox.pageErrors).toEqual([]);
  } finally {
    await firefox.close();
  }
});

// A page that adds Pagefind's default UI by hand (`<script src="/pagefind/pagefind-ui.js">`, a
// classic script that imports `pagefind.js` from its own folder), as a Hugo or Jekyll site does;
// captured alone, its hits lead to the guides online.
test("starlight: offline, Pagefind's default UI on a page of its own searches too, in Chromium and Firefox", async ({ browser }) => {
  const plain = await captureWithCli(new URL('/plain-search/', site.url).href);
  try {
    const offline = await openOffline(browser, plain.dir);
    try {
      const page = offline.page;
      await page.locator('.pagefind-ui__search-input').fill(QUERY);
      await expect(page.locator('.pagefind-ui__result-link').first()).toHaveText(HIT, { timeout: 10_000 });
      const link = page.locator('.pagefind-ui__result-link').first();
      await link.dispatchEvent('click', { button: 1 });
      await expect(link).toHaveAttribute('href', new URL('/guides/asynchronous/', site.url).href);
      expect(offline.failedRequests).toEqual([]);
      expect(offline.networkRequests).toEqual([]);
      expect(offline.pageErrors).toEqual([]);
    } finally {
      await offline.close();
    }
    const firefox = await openFirefoxTab(await sharedFirefox());
    try {
      const page = firefox.page;
      await page.goto(pathToFileURL(join(plain.dir, 'index.html')).href, { waitUntil: 'load' });
      await page.waitForSelector('.pagefind-ui__search-input', { visible: true });
      await page.type('.pagefind-ui__search-input', QUERY);
      await page.waitForFunction((hit) => document.querySelector('.pagefind-ui__result-link')?.textContent === hit, { timeout: 10_000 }, HIT);
      expect(firefox.failedRequests).toEqual([]);
      expect(firefox.onlineRequests).toEqual([]);
      expect(firefox.pageErrors).toEqual([]);
    } finally {
      await firefox.close();
    }
  } finally {
    await plain.cleanup();
  }
});

async function search(page: Page, query: string): Promise<void> {
  await page.getByRole('button', { name: 'Search' }).first().click();
  await page.locator('#starlight__search input').fill(query);
  await expect(page.locator('.pagefind-ui__message')).toHaveText(/^\d+ results? for /, { timeout: 10_000 });
}

async function searchInFirefox(page: PuppeteerPage, query: string): Promise<void> {
  await page.click('button[data-open-modal]');
  await page.waitForSelector('#starlight__search input', { visible: true });
  await page.type('#starlight__search input', query);
  await page.waitForFunction(() => /^\d+ results? for /.test(document.querySelector('.pagefind-ui__message')?.textContent ?? ''), { timeout: 10_000 });
  await page.waitForFunction((hit) => document.querySelector('.pagefind-ui__result-link')?.textContent === hit, { timeout: 10_000 }, HIT);
}
