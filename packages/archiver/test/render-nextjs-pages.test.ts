import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest, type ManifestEntry } from '../src/index.js';
import { BrowserHost } from '../src/render/index.js';
import { renderFixture, serveRenderFixture } from './support/render-fixtures.js';
import { offlineContext, unpackSink } from './support/offline-copy.js';
import type { StaticFolder } from './support/static-folder.js';

// The nextjs-pages fixture (Next.js 15, Pages Router, webpack, static export): the router
// prefetches each linked page's chunks with <link rel=prefetch> and its data JSON, a header menu
// navigates by router.push(), a table of contents comes in a chunk webpack loads at run time,
// and the home page fetch()es its numbers. A mirror of four pages must come out live, and
// offline a link and a push must each reach the next page's local copy, which hydrates.

const fixture = renderFixture('nextjs-pages');
let site: StaticFolder;
let manifest: Manifest;
let dir: string;
let host: BrowserHost;
beforeAll(async () => {
  site = await serveRenderFixture(fixture);
  host = new BrowserHost();
  const sink = new MemorySink();
  await archiveSite(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, renderTimeoutMs: 60_000, useSitemaps: false, maxPages: 4 });
  manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  dir = await unpackSink(sink, 'sitezip-nextjs-pages-');
}, 240_000);
afterAll(async () => {
  await host?.close();
  await site?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const pageEntry = (path: string): ManifestEntry => {
  const entry = manifest.resources.find((r) => new URL(r.url).pathname === path && r.render);
  if (!entry) throw new Error(`no rendered page ${path} in the manifest`);
  return entry;
};
const fileOf = (path: string) => pathToFileURL(join(dir, pageEntry(path).path!)).href;

describe('a Next.js Pages Router site', () => {
  it('is saved as live copies that passed the self-check with nothing failed or sent online', () => {
    const candidates = JSON.stringify(manifest.resources.map((r) => [r.url, r.render?.output, r.render?.candidates]));
    for (const path of ['/', '/docs/api']) {
      const render = pageEntry(path).render;
      expect(render, candidates).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0, textMatch: 1 } });
      expect(render?.check?.pixelDiff).toBeLessThanOrEqual(0.5);
    }
    expect(pageEntry('/docs/benchmarks').render?.output).toBe('live');
  });

  it('offline, a link and a router.push reach the local copies, which hydrate', async () => {
    const lease = await host.open();
    try {
      const { online, failed } = await offlineContext(lease.context);
      const page = await lease.context.newPage();
      await page.goto(fileOf('/'), { waitUntil: 'load' });
      // Its fetch() answered from the recording.
      await expect.poll(() => page.getByTestId('stats').textContent(), { timeout: 10_000 }).toBe(fixture.shows);
      await Promise.all([page.waitForURL(fileOf('/docs/api')), page.getByRole('link', { name: 'API', exact: true }).click()]);
      // Hydrated: the table of contents is built in the browser, from a chunk webpack loads.
      await page.getByTestId('contents').waitFor({ timeout: 10_000 });
      // The header's menu pushes /docs/benchmarks, a page of the mirror this page has no link to.
      await Promise.all([page.waitForURL(fileOf('/docs/benchmarks')), page.getByLabel('Jump to a guide').selectOption('benchmarks')]);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Benchmarks');
      // Hydrated too: its menu pushes again.
      await Promise.all([page.waitForURL(fileOf('/docs/asynchronous')), page.getByLabel('Jump to a guide').selectOption('asynchronous')]);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Asynchronous Logging');
      await page.getByTestId('contents').waitFor({ timeout: 10_000 });
      expect(online).toEqual([]);
      expect(failed).toEqual([]);
    } finally {
      await lease.close();
    }
  });
});
