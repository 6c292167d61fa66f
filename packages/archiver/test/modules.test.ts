import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, MemorySink, type Manifest } from '../src/index.js';
import { moduleSite } from './modules.fixture.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture(moduleSite);
});
afterAll(() => site.close());

interface ModuleBlock {
  root: [string, string];
  modules: Record<string, [string, string]>;
}

/** The copy's modules (type, text) by import-map key, from the JSON block its loader makes the import map of. */
function modulesOf(html: string): ModuleBlock {
  const json = /<script type="application\/json">(.*?)<\/script><script>\(function\(\)\{var own=document.currentScript/s.exec(html)?.[1];
  if (!json) throw new Error('no module block');
  return JSON.parse(json) as ModuleBlock;
}

describe('ES module pages', () => {
  it('inlines every module of the graph into one import map and points scripts at it', async () => {
    const sink = new MemorySink();
    await archivePage(site.url, sink, { allowPrivateNetworks: true, render: 'never' });
    const html = sink.text('index.html');
    const { root, modules } = modulesOf(html);
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
    expect([...sink.files.keys()].filter((k) => k.endsWith('.js'))).toEqual([]);
  });
});
