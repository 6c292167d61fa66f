import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineContext } from './support/offline-copy.js';
import { mirrorRenderFixture, type RenderMirror } from './support/render-mirror.js';

// The home-fallback fixture (Vite + React Router): its router shows the welcome page for any
// address it does not know, the folder a copy is opened from included. The start page's live
// copy passes its check; a deeper page's live copy shows the welcome page instead of its own.
// A full mirror must not let the start page decide for them.

/** Each page's main heading, as the live site shows it. */
const HEADINGS: Record<string, string> = {
  '/': 'Welcome to Trail notes',
  '/guides/packing': 'Packing light',
  '/guides/water': 'Finding water',
  '/guides/weather': 'Reading the weather',
  '/team/ada': 'Ada Moreau',
  '/team/lin': 'Lin Okafor',
};

let mirror: RenderMirror;
beforeAll(async () => {
  mirror = await mirrorRenderFixture('home-fallback', '/', { renderTimeoutMs: 30_000 });
}, 180_000);
afterAll(() => mirror?.close());


/** The page at `file` opened from file:// with every other request refused, once its heading is `heading` (or 5 s passed). */
async function openedOffline(file: string, heading: string) {
  const lease = await mirror.host.open();
  try {
    const { online } = await offlineContext(lease.context);
    const page = await lease.context.newPage();
    await page.goto(pathToFileURL(join(mirror.dir, file)).href, { waitUntil: 'load' });
    await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, heading, { timeout: 5_000 }).catch(() => undefined);
    const h1 = await page.evaluate(() => document.querySelector('h1')?.textContent ?? '');
    const links = await page.evaluate(() => [...document.querySelectorAll('nav a')].map((a) => (a as HTMLAnchorElement).href));
    return { h1, links, online };
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

  it('shows every saved page offline, with its header linking to the local copies', async () => {
    const files = new Set(mirror.manifest.resources.flatMap((r) => (r.path ? [pathToFileURL(join(mirror.dir, r.path)).href] : [])));
    for (const [path, heading] of Object.entries(HEADINGS)) {
      const opened = await openedOffline(mirror.page(path).path!, heading);
      expect(opened.h1, path).toBe(heading);
      expect(opened.online, path).toEqual([]);
      expect(opened.links, path).toHaveLength(6);
      for (const link of opened.links) expect(files.has(link), `${path} links to ${link}`).toBe(true);
    }
  });
});
