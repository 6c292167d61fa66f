import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest, type ManifestEntry } from '../src/index.js';
import { BrowserHost } from '../src/render/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { offlineContext, unpackSink } from './support/offline-copy.js';

// A site whose hand-written router reads `location.pathname` and shows the welcome page for any
// address it does not know, the folder a copy is opened from included. It reads `location` by a
// name built at run time, as obfuscated code may, which a live copy's rewrite of the scripts'
// reads of the address (capture/location-reads.ts) cannot see. The start page's live
// copy passes its check; a deeper page's live copy shows the welcome page instead of its own.
// A full mirror must not let the start page decide for them. (The home-fallback fixture was
// this site until React Router's history was given the copy's address online: its copies are
// all live now, e2e/render/home-fallback.spec.ts.)

/** Each page's main heading, as the live site shows it. */
const HEADINGS: Record<string, string> = {
  '/': 'Welcome to Trail notes',
  '/guides/packing': 'Packing light',
  '/guides/water': 'Finding water',
  '/guides/weather': 'Reading the weather',
  '/team/ada': 'Ada Moreau',
  '/team/lin': 'Lin Okafor',
};
const NAV = ['/', '/guides/packing', '/guides/water', '/guides/weather', '/team/ada', '/team/lin'];
const APP_JS = `const HEADINGS = ${JSON.stringify(HEADINGS)};
const heading = HEADINGS[window[['loc', 'ation'].join('')].pathname] || HEADINGS['/'];
const root = document.getElementById('root');
root.innerHTML = '<nav></nav><main><h1>' + heading + '</h1><p>' + 'Short field guides for walking a long trail, written by the people who walk it. '.repeat(3) + '</p></main>';
// As a framework writes its links: element by element.
for (const path of ${JSON.stringify(NAV)}) {
  const link = document.createElement('a');
  link.setAttribute('href', path);
  link.textContent = HEADINGS[path].split(' ')[0];
  root.querySelector('nav').append(link, ' ');
}`;
const SHELL = '<!doctype html><html><head><meta charset="utf-8"><title>Trail notes</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>';

interface Mirror {
  manifest: Manifest;
  dir: string;
  host: BrowserHost;
  page(path: string): ManifestEntry;
}

let site: FixtureSite;
let mirror: Mirror;
beforeAll(async () => {
  site = await serveFixture({ ...Object.fromEntries(NAV.map((path) => [path, { body: SHELL }])), '/app.js': { type: 'text/javascript', body: APP_JS } });
  const sink = new MemorySink();
  await archiveSite(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, renderTimeoutMs: 30_000 });
  const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  mirror = {
    manifest,
    dir: await unpackSink(sink, 'sitezip-site-guard-'),
    host: new BrowserHost(),
    page(path) {
      const entry = manifest.resources.find((r) => new URL(r.url).pathname === path && r.render);
      if (!entry) throw new Error(`no rendered page ${path} in the manifest`);
      return entry;
    },
  };
}, 180_000);
afterAll(async () => {
  await mirror?.host.close();
  await site?.close();
  if (mirror) await rm(mirror.dir, { recursive: true, force: true });
});

/**
 * The page at `file` opened from file:// with every other request refused, once its heading is
 * `heading` (or 5 s passed): its heading, its header's links, and where a click on its link to
 * the page at `to` leads.
 */
async function openedOffline(file: string, heading: string, to: string) {
  const lease = await mirror.host.open();
  try {
    const { online } = await offlineContext(lease.context);
    const page = await lease.context.newPage();
    await page.goto(pathToFileURL(join(mirror.dir, file)).href, { waitUntil: 'load' });
    await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, heading, { timeout: 5_000 }).catch(() => undefined);
    const h1 = await page.evaluate(() => document.querySelector('h1')?.textContent ?? '');
    const links = await page.evaluate(() => [...document.querySelectorAll('nav a')].map((a) => (a as HTMLAnchorElement).href));
    const before = page.url();
    await Promise.all([page.waitForURL((url) => url.href !== before), page.getByRole('link', { name: HEADINGS[to]!.split(' ')[0], exact: true }).click()]);
    await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, HEADINGS[to], { timeout: 5_000 }).catch(() => undefined);
    const clicked = { url: page.url(), h1: await page.evaluate(() => document.querySelector('h1')?.textContent ?? '') };
    return { h1, links, online, clicked };
  } finally {
    await lease.close();
  }
}

describe('full mode: one page does not decide for the whole site', () => {
  it('keeps the start page live and saves the deeper pages, whose live copies fail, as snapshots', () => {
    const start = mirror.page('/');
    expect(start.render).toMatchObject({ output: 'live', choice: { by: 'decided', checked: true, shape: expect.stringMatching(/^\/0/) } });
    const deeper = Object.keys(HEADINGS).filter((path) => path !== '/').map((path) => mirror.page(path));
    expect(deeper.map((entry) => `${entry.url} ${entry.render?.output}`)).toEqual(deeper.map((entry) => `${entry.url} snapshot`));
    // The first page of each shape checks itself and falls back; the rest follow their shape or,
    // after the second failure, the site.
    const fellBack = deeper.filter((entry) => entry.render?.choice?.by === 'fell-back');
    expect(fellBack.map((entry) => new URL(entry.url).pathname.split('/')[1]).sort()).toEqual(['guides', 'team']);
    for (const entry of fellBack) {
      expect(entry.render?.choice).toMatchObject({ checked: true, note: expect.stringContaining('its live copy failed') });
      expect(entry.render?.candidates?.live?.textMatch).toBeLessThan(0.98);
      expect(entry.render?.check?.textMatch).toBeGreaterThanOrEqual(0.98);
    }
    for (const entry of deeper.filter((e) => !fellBack.includes(e))) expect(entry.render?.choice).toMatchObject({ by: 'followed', checked: false });
  });

  it('shows every saved page offline, its header leading to the local copies', async () => {
    const files = new Set(mirror.manifest.resources.flatMap((r) => (r.path ? [pathToFileURL(join(mirror.dir, r.path)).href] : [])));
    for (const [path, heading] of Object.entries(HEADINGS)) {
      const to = path === '/guides/packing' ? '/guides/water' : '/guides/packing';
      const opened = await openedOffline(mirror.page(path).path!, heading, to);
      expect(opened.h1, path).toBe(heading);
      expect(opened.online, path).toEqual([]);
      expect(opened.links, path).toHaveLength(6);
      // A snapshot's links are written to the local copies; a live copy's, made by its script, are
      // as the script wrote them, and its replay layer takes a click on one to the local copy.
      if (mirror.page(path).render?.output === 'snapshot') {
        for (const link of opened.links) expect(files.has(link), `${path} links to ${link}`).toBe(true);
      }
      expect(files.has(opened.clicked.url), `${path}: a click went to ${opened.clicked.url}`).toBe(true);
      expect(opened.clicked.h1, path).toBe(HEADINGS[to]);
    }
  });
});
