import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import type { MemorySink } from '../../src/index.js';
import { BrowserHost } from '../../src/render/index.js';

// A capture's copy as a user has it: its files in a folder, opened in a browser without network.

/** Writes a capture's files into a new temporary folder (the caller removes it) and returns the folder. */
export async function unpackSink(sink: MemorySink, prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  for (const [path, data] of sink.files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), data);
  }
  return dir;
}

/** Lets a context load file:, data: and blob: URLs only; lists what tried to go online and what failed (with why). */
export async function offlineContext(context: BrowserContext): Promise<{ online: string[]; failed: string[] }> {
  const online: string[] = [];
  const failed: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (/^(file|data|blob):/.test(url)) return route.continue();
    online.push(url);
    return route.abort('internetdisconnected');
  });
  context.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  return { online, failed };
}

/** A capture's copy unpacked, and a fresh browser context that opens it offline. */
export interface OfflineCopy {
  dir: string;
  context: BrowserContext;
  /** What the context's pages tried to fetch online, and what failed (offlineContext). */
  requests: { online: string[]; failed: string[] };
  /** A new tab at the copy's `path`, loaded; `before` readies the tab ahead of its page's scripts (a clock, a console listener). */
  open(path?: string, before?: (page: Page) => Promise<void> | void): Promise<Page>;
}

/** Lends `use` the copy of `sink` offline, in a browser of its own; the browser is closed and the folder removed however `use` ends. */
export async function withOfflineCopy<T>(sink: MemorySink, prefix: string, use: (copy: OfflineCopy) => Promise<T>): Promise<T> {
  const dir = await unpackSink(sink, prefix);
  const host = new BrowserHost();
  try {
    const { context } = await host.open();
    const requests = await offlineContext(context);
    const open = async (path = 'index.html', before?: (page: Page) => Promise<void> | void) => {
      const page = await context.newPage();
      await before?.(page);
      await page.goto(pathToFileURL(join(dir, path)).href, { waitUntil: 'load' });
      return page;
    };
    return await use({ dir, context, requests, open });
  } finally {
    await host.close();
    await rm(dir, { recursive: true, force: true });
  }
}
