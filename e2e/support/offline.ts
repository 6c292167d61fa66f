import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { offlineContext } from '../../packages/archiver/test/support/offline-copy.js';
import { readZip } from '../../packages/archiver/test/support/read-zip.js';

/** Unzips an archive into `dir`, refusing entries that would land outside it. */
export async function unzipTo(zip: Buffer, dir: string): Promise<void> {
  for (const [name, data] of await readZip(zip)) {
    const target = join(dir, name);
    if (!target.startsWith(dir)) throw new Error(`zip entry escapes: ${name}`);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, data);
  }
}

export interface OfflinePage {
  page: Page;
  /** Requests that tried to leave file:// (each one was blocked). */
  networkRequests: string[];
  /** Requests that failed for any reason, with Chromium's error text. */
  failedRequests: string[];
  /** Uncaught script errors of the page. */
  pageErrors: string[];
  close(): Promise<void>;
}

/** Opens `index.html` of an unpacked archive over file:// with every non-file request blocked. */
export async function openOffline(browser: Browser, dir: string): Promise<OfflinePage> {
  const context = await browser.newContext({ offline: true });
  const { online: networkRequests, failed: failedRequests } = await offlineContext(context);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
  return { page, networkRequests, failedRequests, pageErrors, close: () => context.close() };
}
