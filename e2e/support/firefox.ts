import { expect } from '@playwright/test';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { PAGE_VIEW, type PageView } from './page-view.js';

// Firefox ESR (Debian's firefox-esr, installed by scripts/ensure-chromium.sh) through
// puppeteer-core's WebDriver BiDi: the second browser an offline copy must open in.

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Nothing listens on port 9 of the loopback: a request that reaches the proxy dies there. */
const DEAD_PROXY = { host: '127.0.0.1', port: 9 };

// Every proxy at the dead port, the loopback included: nothing reaches a server.
const REFUSED = {
  'network.proxy.type': 1,
  'network.proxy.http': DEAD_PROXY.host,
  'network.proxy.http_port': DEAD_PROXY.port,
  'network.proxy.ssl': DEAD_PROXY.host,
  'network.proxy.ssl_port': DEAD_PROXY.port,
  'network.proxy.socks': DEAD_PROXY.host,
  'network.proxy.socks_port': DEAD_PROXY.port,
  'network.proxy.socks_remote_dns': true,
  'network.proxy.no_proxies_on': '',
  'network.proxy.allow_hijacking_localhost': true,
  'network.proxy.share_proxy_settings': true,
};

/**
 * Starts headless Firefox ESR with the network unreachable: every proxy points at a dead port
 * (loopback included), prefetching is off. Puppeteer's profile sets
 * `security.fileuri.strict_origin_policy` to false, which lets file:// pages fetch and import
 * each other as no user's Firefox does: it is set back to true here.
 */
export function launchFirefox(options: { network?: 'refused' | 'loopback' } = {}): Promise<Browser> {
  // `loopback`: the live fixture page on 127.0.0.1, for comparing a copy with it in the same browser.
  const network = options.network === 'loopback' ? { 'network.proxy.type': 0 } : REFUSED;
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: { width: PAGE_VIEW.width, height: PAGE_VIEW.height },
    extraPrefsFirefox: {
      'security.fileuri.strict_origin_policy': true,
      'network.dns.disablePrefetch': true,
      'network.prefetch-next': false,
      'network.http.speculative-parallel-limit': 0,
      ...network,
    },
  });
}

const shared = new Map<'refused' | 'loopback', Promise<Browser>>();

/**
 * One Firefox of each kind for this Playwright worker, shared by the spec files it runs: a launch
 * takes seconds, twice per render fixture before. Tests open their own contexts (openFirefoxTab)
 * or pages and close them; the worker closes the browsers when it stops (support/test.ts).
 */
export function sharedFirefox(network: 'refused' | 'loopback' = 'refused'): Promise<Browser> {
  let browser = shared.get(network);
  if (!browser) {
    browser = launchFirefox({ network });
    shared.set(network, browser);
    // A launch that failed is not kept: the next test launches again.
    browser.catch(() => shared.delete(network));
  }
  return browser;
}

export async function closeSharedFirefoxes(): Promise<void> {
  const browsers = [...shared.values()];
  shared.clear();
  await Promise.all(browsers.map((browser) => browser.then((b) => b.close()).catch(() => undefined)));
}

export interface FirefoxView extends PageView {
  /** Requests that tried to leave the copy (anything but file:, data:, blob:, about:). */
  onlineRequests: string[];
  /** Requests that failed, with Firefox's error text, and file:// loads the origin policy blocked. */
  failedRequests: string[];
  /** Uncaught script errors of the page. */
  pageErrors: string[];
  /** Messages the console logged as errors (Firefox reports blocked file:// loads there). */
  consoleErrors: string[];
}

const LOCAL = /^(file|data|blob|about):/;

/** A tab of its own (a fresh browser context) and what its pages asked for, as FirefoxView counts it. */
export interface FirefoxTab extends Omit<FirefoxView, 'png' | 'text'> {
  page: Page;
  close(): Promise<void>;
}

/** A fresh context's tab in `browser`, 1280×800, dialogs dismissed, its requests and errors recorded. */
export async function openFirefoxTab(browser: Browser): Promise<FirefoxTab> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: PAGE_VIEW.width, height: PAGE_VIEW.height });
  const onlineRequests: string[] = [];
  const failedRequests: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (request) => {
    if (!LOCAL.test(request.url())) onlineRequests.push(request.url());
  });
  page.on('requestfailed', (request) => failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('pageerror', (error) => {
    const message = error instanceof Error ? error.message : String(error);
    pageErrors.push(message);
    // A file:// load that the origin policy blocks (a module, a fetch) is told only this way.
    if (/^Cross-Origin Request Blocked/.test(message)) failedRequests.push(message);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
  return { page, onlineRequests, failedRequests, pageErrors, consoleErrors, close: () => context.close() };
}

/** PAGE_VIEW.take on a Puppeteer page (Firefox): what the page in the tab shows now. */
export function firefoxViewOf(page: Page): Promise<PageView> {
  return PAGE_VIEW.take({
    evaluate: (source) => page.evaluate(source),
    waitFor: (source, timeout) => page.waitForFunction(source, { polling: 100, timeout }).then(() => undefined),
    screenshot: async (height) => Buffer.from(await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: PAGE_VIEW.width, height }, captureBeyondViewport: true })),
  });
}

/**
 * Opens `url` (a copy's file:// page) in a fresh tab of `browser`, waits for it to load and go
 * quiet, scrolls through it as a reader would and back, and returns what it shows (the top
 * PICTURE_HEIGHT pixels and the body's text) with every request that failed or tried to go online.
 */
export async function viewInFirefox(browser: Browser, url: string): Promise<FirefoxView> {
  const { close, page, ...asked } = await openFirefoxTab(browser);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    return { ...(await firefoxViewOf(page)), ...asked };
  } finally {
    await close();
  }
}

/**
 * Does `act` (a click on a link, a choice in a menu) and waits until the tab is at another
 * address and that document has loaded. A client router changes the address only once the next
 * page's parts are in, and the first page may still be hydrating (its router replacing the
 * address it is at): a navigation event alone can be that, not the step's own.
 */
export async function followInFirefox(page: Page, act: () => Promise<unknown>): Promise<string> {
  const from = page.url();
  await act();
  await expect.poll(() => page.url(), { timeout: 10_000 }).not.toBe(from);
  await page.waitForFunction(() => document.readyState === 'complete', { timeout: 10_000 });
  return page.url();
}
