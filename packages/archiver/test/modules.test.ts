import { posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, archiveSite, MemorySink, type Manifest } from '../src/index.js';
import type { FixtureRoute } from './support/fixture-site.js';
import { moduleSite } from './modules.fixture.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture(moduleSite);
});
afterAll(() => site.close());

interface PageModules {
  root: [string, string];
  /** Module (type, text) by import-map key, as the files the page loads register them. */
  modules: Record<string, [string, string]>;
  files: string[];
}

/** The modules a saved page loads: the registration scripts before its loader, run as a browser would, and the loader's root. */
function modulesOf(sink: MemorySink, pagePath: string): PageModules {
  const html = sink.text(pagePath);
  const files = [...html.matchAll(/<script src="([^"]+)" data-sitezip-module><\/script>/g)].map((m) => posix.join(posix.dirname(pagePath), decodeURIComponent(m[1]!)));
  const registry: { __SITEZIP_MODULES__?: Record<string, [string, string]> } = {};
  for (const file of files) new Function('self', sink.text(file))(registry);
  const root = /<script data-sitezip-loader>\(function\(root\)\{var own=document\.currentScript.*?\}\)\((\[[^\]]*\])\)<\/script>/s.exec(html)?.[1];
  if (!root) throw new Error(`no module loader in ${pagePath}`);
  return { root: JSON.parse(root) as [string, string], modules: registry.__SITEZIP_MODULES__ ?? {}, files };
}

describe('ES module pages', () => {
  it('inlines every module of the graph into one import map and points scripts at it', async () => {
    const sink = new MemorySink();
    await archivePage(site.url, sink, { allowPrivateNetworks: true, render: 'never' });
    const html = sink.text('index.html');
    const { root, modules, files } = modulesOf(sink, 'index.html');
    const host = `127.0.0.1_${new URL(site.url).port}`;
    expect(Object.keys(modules).sort()).toEqual(
      ['app/boot.js', 'app/data.json', 'app/even.js', 'app/lazy.js', 'app/main.js', 'app/odd.js', 'lib/greeting.js', 'lib/shout.js', 'vendor/v.js'].map(
        (p) => `@sitezip/${host}/${p}`,
      ),
    );
    // The copy's root, from this page: a mirror's pages share the modules' text, which resolves import.meta.url against it.
    expect(root).toEqual(['sitezip:root', './']);
    const [type, main] = modules[`@sitezip/${host}/app/main.js`]!;
    expect(type).toBe('text/javascript');
    expect(main).toContain(`from '@sitezip/${host}/lib/greeting.js'`);
    expect(main).toContain(`import("@sitezip/${host}/app/lazy.js")`);
    expect(modules[`@sitezip/${host}/app/data.json`]![0]).toBe('application/json');
    // The page's own import map is folded in and removed; ours is made before any module script.
    expect(html).not.toContain('<script type="importmap"');
    expect(html.indexOf('var own=document.currentScript')).toBeLessThan(html.indexOf('type="module"'));
    expect(html.lastIndexOf('data-sitezip-module></script>')).toBeLessThan(html.indexOf('var own=document.currentScript'));
    expect(html).toContain(`import { shout } from '@sitezip/${host}/lib/shout.js'`);
    expect(html).not.toContain('src="/app/main.js"');
    // A classic script's import()s go through the import map too.
    expect(html).toContain(`Promise.all([import("@sitezip/${host}/app/boot.js"), import("@sitezip/${host}/lib/shout.js")])`);
    expect(html.indexOf('<meta charset="utf-8">')).toBeLessThan(100);
    // Each module was fetched once, even the cycle and the preloaded entry.
    expect(site.hits.get('/app/main.js')).toBe(1);
    expect(site.hits.get('/app/even.js')).toBe(1);
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    expect(manifest.resources.filter((r) => r.inlined)).toHaveLength(9);
    // Each module's text is in a file of its own, apart from the site's folders, which the page
    // loads; beside them, the static pages' offline guard (capture/offline-guard.ts).
    expect([...sink.files.keys()].filter((k) => k.endsWith('.js')).sort()).toEqual([...files, 'sitezip-offline-guard.js'].sort());
    expect(files).toContain(`sitezip-modules/${host}/app/data.json.js`);
    // Every file but the manifest and the guard is one of the manifest's.
    expect(manifest.files).toBe(sink.files.size - 2);
  });
});

const js = (body: string): FixtureRoute => ({ type: 'text/javascript', body });
const chunkPage = (name: string, links: string): FixtureRoute => ({
  body: `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title><script type="module" src="/assets/${name}.js"></script></head><body>${links}<p id="out"></p></body></html>`,
});

/** A mirror whose pages each load a chunk of their own, which imports the site's shared framework. */
const chunkSite: Record<string, FixtureRoute> = {
  '/': chunkPage('home', '<a href="/guide/a.html">a</a> <a href="/guide/b.html">b</a>'),
  '/guide/a.html': chunkPage('a', '<a href="/">home</a>'),
  '/guide/b.html': chunkPage('b', '<a href="/">home</a>'),
  '/assets/home.js': js(`import { show } from './framework.js'; show('home');`),
  '/assets/a.js': js(`import { show } from './framework.js'; show('a'); import('./a-lazy.js');`),
  '/assets/a-lazy.js': js(`export const lazy = true;`),
  '/assets/b.js': js(`import { show } from './framework.js'; show('b');`),
  '/assets/framework.js': js(`export function show(name) { document.getElementById('out').textContent = name; }`),
};

describe('ES module pages of a mirror', () => {
  it('load their own modules, each saved once, not every module of the site', async () => {
    const site = await serveFixture(chunkSite);
    try {
      const sink = new MemorySink();
      await archiveSite(site.url, sink, { allowPrivateNetworks: true, render: 'never' });
      const host = `127.0.0.1_${new URL(site.url).port}`;
      const keys = (page: string) => Object.keys(modulesOf(sink, page).modules).map((key) => key.replace(`@sitezip/${host}/assets/`, '')).sort();
      expect(keys('index.html')).toEqual(['framework.js', 'home.js']);
      expect(keys(`${host}/guide/a.html`)).toEqual(['a-lazy.js', 'a.js', 'framework.js']);
      expect(keys(`${host}/guide/b.html`)).toEqual(['b.js', 'framework.js']);
      // From a folder of the copy, the files are found from its root, and the root is given relative to the page.
      expect(modulesOf(sink, `${host}/guide/b.html`).root).toEqual(['sitezip:root', '../../']);
      expect(sink.text(`${host}/guide/b.html`)).toContain(`src="../../sitezip-modules/${host}/assets/framework.js"`);
      expect([...sink.files.keys()].filter((path) => path.startsWith('sitezip-modules/'))).toHaveLength(5);
      expect(site.hits.get('/assets/framework.js')).toBe(1);
    } finally {
      await site.close();
    }
  });
});

describe('a module that names a file the site does not have', () => {
  it("by import() only, asks for it without counting a failure: the site never built it; a static import's still fails", async () => {
    const libraries = await serveFixture({
      '/': { body: '<!doctype html><title>Charts</title><h1>Charts</h1><script type="module" src="/stdlib.js"></script>' },
      '/stdlib.js': {
        type: 'text/javascript',
        body: `import { plot } from './plot.js';\nimport { gone } from './gone.js';\nexport const d3 = () => import('./_npm/d3@7.9.2/_esm.js');\nexport const lodash = () => import('./_npm/lodash@4.18.1/_esm.js');\nexport const chart = () => import('./plot.js');\nplot();`,
      },
      '/plot.js': { type: 'text/javascript', body: 'export function plot() { document.querySelector("h1").textContent += " drawn"; }' },
      '/_npm/lodash@4.18.1/_esm.js': { type: 'text/javascript', body: 'export default {};' },
    });
    try {
      const sink = new MemorySink();
      await archivePage(libraries.url, sink, { allowPrivateNetworks: true, retries: 0, render: 'never' });
      const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
      const failed = manifest.resources.filter((r) => r.error).map((r) => new URL(r.url).pathname);
      expect(failed).toEqual(['/gone.js']);
      // What import() names and the site has is in the copy, as before.
      const { modules } = modulesOf(sink, 'index.html');
      const host = `127.0.0.1_${new URL(libraries.url).port}`;
      expect(Object.keys(modules).filter((key) => key.includes('_npm'))).toEqual([`@sitezip/${host}/_npm/lodash%404.18.1/_esm.js`]);
      expect(modules[`@sitezip/${host}/stdlib.js`]![1]).toContain(`import("@sitezip/${host}/_npm/lodash%404.18.1/_esm.js")`);
    } finally {
      await libraries.close();
    }
  });
});
