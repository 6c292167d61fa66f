import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import type { ArchiveOptionsInput, Manifest, ManifestEntry } from '../../packages/archiver/dist/index.js';
import { captureAndUnzip } from './capture.js';
import { openOffline, type OfflinePage } from './offline.js';

/** A captured page, unpacked and open offline, with what is needed to look inside the archive. */
export interface ArchivedPage extends OfflinePage {
  dir: string;
  manifest: Manifest;
  /** The saved `index.html` as text. */
  html: string;
  /** Every file in the archive, as archive paths (`127.0.0.1_4000/img/a.png`). */
  files: string[];
  /** The manifest line of an absolute URL as it was requested. */
  entry(url: string): ManifestEntry | undefined;
  /** Text of a file in the archive. */
  text(path: string): Promise<string>;
  /** The archive path a `file:` URL from the page points at; undefined for any other URL. */
  pathOf(url: string): string | undefined;
}

export type Archive = (url: string, options?: ArchiveOptionsInput) => Promise<ArchivedPage>;

/**
 * `archive(url)` captures a page with the compiled engine, unpacks the ZIP and opens its
 * `index.html` from file:// with the network blocked; everything is closed and deleted after the test.
 * One capture per test keeps a failing reference from failing the tests of its neighbours.
 */
export const test = base.extend<{ archive: Archive }>({
  archive: async ({ browser }, use) => {
    const cleanups: (() => Promise<void>)[] = [];
    await use(async (url, options) => {
      const captured = await captureAndUnzip(url, options);
      cleanups.push(captured.cleanup);
      const offline = await openOffline(browser, captured.dir);
      cleanups.push(offline.close);
      const { dir } = captured;
      const manifest = captured.summary.manifest;
      const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((f) => f.isFile())
        .map((f) => relative(dir, join(f.parentPath, f.name)).split(sep).join('/'));
      return {
        ...offline,
        dir,
        manifest,
        html: await readFile(join(dir, 'index.html'), 'utf8'),
        files,
        entry: (resource) => manifest.resources.find((r) => r.url === resource),
        text: (path) => readFile(join(dir, path), 'utf8'),
        pathOf: (fileUrl) => {
          if (!fileUrl.startsWith('file:')) return undefined;
          const path = relative(dir, fileURLToPath(fileUrl));
          return path.startsWith('..') ? undefined : path.split(sep).join('/');
        },
      };
    });
    for (const cleanup of cleanups.reverse()) await cleanup();
  },
});

/** Opening the archive made no request outside file:// and every file request succeeded. */
export function expectNoNetwork(saved: Pick<OfflinePage, 'networkRequests' | 'failedRequests'>): void {
  expect(saved.networkRequests, 'requests that tried to leave file://').toEqual([]);
  expect(saved.failedRequests, 'requests that failed').toEqual([]);
}

/**
 * Waits until `shows()` holds or the page reports a failed or blocked request, whichever comes
 * first, so that a broken archive fails at once rather than at the timeout. Assert afterwards.
 */
export async function shownOrFailed(saved: OfflinePage, shows: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(async () => saved.failedRequests.length > 0 || saved.networkRequests.length > 0 || (await shows()))
    .toBe(true);
}

/** Wraps fixture markup in a minimal standards-mode document. */
export function htmlPage(head: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>fixture</title>${head}</head><body>${body}</body></html>`;
}
