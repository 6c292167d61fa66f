import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest, type ManifestEntry } from '../src/index.js';
import { BrowserHost } from '../src/render/index.js';
import { renderFixture, serveRenderFixture } from './support/render-fixtures.js';
import type { StaticFolder } from './support/static-folder.js';

// The nextjs fixture (Next.js 16, App Router, Turbopack, static export): its runtime finds its
// chunks by their src as written, its search box fetch()es an index, and its Link takes clicks
// over to fetch the next page's RSC payload. A mirror of a few of its pages must come out live:
// hydrated offline, the index's count shown, and links going to the local copies.

let site: StaticFolder;
let manifest: Manifest;
let dir: string;
let host: BrowserHost;
beforeAll(async () => {
  site = await serveRenderFixture(renderFixture('nextjs'));
  host = new BrowserHost();
  const sink = new MemorySink();
  await archiveSite(`${site.origin}/docs`, sink, { allowPrivateNetworks: true, retries: 0, renderTimeoutMs: 60_000, useSitemaps: false, maxPages: 4 });
  manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  dir = await mkdtemp(join(tmpdir(), 'sitezip-nextjs-'));
  for (const [path, data] of sink.files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), data);
  }
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

describe('a Next.js App Router site', () => {
  it('is saved as live copies that passed the self-check with nothing failed or sent online', () => {
    const docs = pageEntry('/docs');
    expect(docs.render, JSON.stringify(docs.render)).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0, textMatch: 1 } });
    expect(docs.render?.check?.pixelDiff).toBeLessThanOrEqual(0.5);
    const installation = pageEntry('/docs/installation').render;
    expect(installation?.output, JSON.stringify(installation)).toBe('live');
  });

  it('hydrates offline, fetches its search index from the recording, and links to the local copies', async () => {
    const lease = await host.open();
    try {
      const online: string[] = [];
      const failed: string[] = [];
      await lease.context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith('file:') || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
        online.push(url);
        return route.abort('internetdisconnected');
      });
      const page = await lease.context.newPage();
      page.on('requestfailed', (request) => failed.push(request.url()));
      await page.goto(fileOf('/docs'), { waitUntil: 'load' });
      const status = page.getByTestId('search-status');
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('18 guides indexed');
      // Typing filters the index: React hydrated the box. Its hits are links the page's
      // scripts made, to pages the copy has.
      await page.getByLabel('Search the guide').fill('installation');
      const hit = page.locator('[data-testid="search-status"] + ul a', { hasText: 'Installation' });
      await hit.waitFor({ timeout: 10_000 });
      await Promise.all([page.waitForURL(fileOf('/docs/installation')), hit.click()]);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Installation');
      // A link of the page as served, rewritten by the copy.
      const next = page.locator('a', { hasText: 'Next: Project structure' });
      const href = await next.evaluate((a) => (a as HTMLAnchorElement).href);
      expect(href).toMatch(/^file:/);
      await Promise.all([page.waitForURL(href), next.click()]);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Project structure and organization');
      expect(online).toEqual([]);
      expect(failed).toEqual([]);
    } finally {
      await lease.close();
    }
  });
});
