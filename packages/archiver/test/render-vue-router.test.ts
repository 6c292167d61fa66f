import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineContext } from './support/offline-copy.js';
import { mirrorRenderFixture, type RenderMirror } from './support/render-mirror.js';

// The vue-router fixture (create-vue's router app: Vite 8, vue-router 5 in HTML5 history mode).
// Its router matches `location.pathname`, which from file:// is the file's path; a package page
// is a lazy chunk whose stylesheet Vite's preload helper resolves with `import.meta.resolve` (which
// throws in a data: module) and adds with `crossorigin` (refused from file://), and it fetch()es
// its JSON. A mirror of a package page and the list it links to must come out live, each page
// showing its own route with its chunk's styles, and a RouterLink going to the local copy; a
// RouterLink to a page the mirror does not have goes to it online, as the snapshot's link does,
// while the router itself still shows a lazy route the render never visited (its chunk from the
// import map, its stylesheet kept from Vite's list: capture/lazy-styles.ts).

let mirror: RenderMirror;
beforeAll(async () => {
  mirror = await mirrorRenderFixture('vue-router', '/packages/vue-router', { renderTimeoutMs: 60_000, maxPages: 2, include: ['/packages', '/packages/*'] });
}, 240_000);
afterAll(() => mirror?.close());

/** The copy's start page (the package page) offline in a fresh tab once Vue drew it, with what went online or failed. */
async function inCopy(use: (page: Page, requests: { online: string[]; failed: string[] }) => Promise<void>): Promise<void> {
  const lease = await mirror.host.open();
  try {
    const requests = await offlineContext(lease.context);
    const page = await lease.context.newPage();
    await page.goto(pathToFileURL(join(mirror.dir, 'index.html')).href, { waitUntil: 'load' });
    await page.locator('main.package h2').waitFor();
    await use(page, requests);
  } finally {
    await lease.close();
  }
}

describe('a vue-router app in history mode', () => {
  it('is saved as live copies that passed the self-check with nothing failed or sent online', () => {
    for (const path of ['/packages/vue-router', '/packages']) {
      const render = mirror.page(path).render;
      expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0, textMatch: 1 } });
    }
  });

  it('shows its route with its lazy chunk styled and its JSON offline, and a RouterLink reaches the other page', () =>
    inCopy(async (page, { online, failed }) => {
      expect(await page.locator('main.package h2').textContent()).toMatch(/^vue-router 5\.\d+\.\d+/);
      // The chunk's own stylesheet (Vite adds it with crossorigin) applies.
      expect(await page.locator('main.package blockquote').evaluate((e) => getComputedStyle(e).borderLeftWidth)).toBe('3px');
      const list = mirror.page('/packages');
      await Promise.all([page.waitForURL(pathToFileURL(join(mirror.dir, list.path!)).href), page.getByText('All packages').click()]);
      await expect.poll(() => page.locator('main.packages dt').count(), { timeout: 10_000 }).toBe(5);
      expect(online).toEqual([]);
      expect(failed).toEqual([]);
    }));

  it('gives a RouterLink the address its click goes to once pointed at: the local copy, or the page online', () =>
    inCopy(async (page) => {
      const href = (link: ReturnType<Page['locator']>) => link.evaluate((e) => (e.closest('a') as HTMLAnchorElement).href);
      const list = page.getByText('All packages');
      const local = pathToFileURL(join(mirror.dir, mirror.page('/packages').path!)).href;
      // Vue drew it with the router's address, which from file:// is the disk's root.
      expect(await href(list)).not.toBe(local);
      await list.hover();
      expect(await href(list)).toBe(local);
      const about = page.locator('nav a').getByText('About', { exact: true });
      await about.focus();
      expect(await href(about)).toBe(`${mirror.site.origin}/about`);
    }));

  it('sends a RouterLink to a page the copy does not have online, not into the router', () =>
    inCopy(async (page, { online }) => {
      const about = `${mirror.site.origin}/about`;
      await Promise.all([page.waitForRequest(about), page.locator('nav a').getByText('About', { exact: true }).click()]);
      // The request event can come before the route that counts it has run.
      await expect.poll(() => [...new Set(online)]).toEqual([about]);
    }));

  it("shows a lazy route the render never visited when the router is pushed there, its chunk's stylesheet kept", () =>
    inCopy(async (page, { online, failed }) => {
      // A push by the app's own code (a button's handler would do this), not a link.
      await page.evaluate(() => {
        const app = (document.querySelector('#app') as Element & { __vue_app__: { config: { globalProperties: { $router: { push(to: string): Promise<unknown> } } } } }).__vue_app__;
        return app.config.globalProperties.$router.push('/about');
      });
      await expect.poll(() => page.locator('.about h1').textContent(), { timeout: 10_000 }).toBe('About these notes');
      // AboutView's own stylesheet (`.about { display: flex }` on a wide screen) applies.
      expect(await page.locator('.about').evaluate((e) => getComputedStyle(e).display)).toBe('flex');
      expect(online).toEqual([]);
      expect(failed).toEqual([]);
    }));
});
