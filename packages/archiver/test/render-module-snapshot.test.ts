import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

// A page built by ES modules whose live copy fails its check: its module reads the address by a
// name built at run time (which the copy's rewrite of address reads cannot see) and shows another
// text from file://. The snapshot is kept, and the modules only the discarded live copy loaded
// are not saved (their registrations once doubled a Storybook copy's ZIP, 1.8 MB to 3.3 MB).

const APP = `import { words } from './words.js';
const where = window[['loc', 'ation'].join('')].pathname;
document.getElementById('root').innerHTML = where === '/' ? '<h1>Trail notes</h1><p>' + words + '</p>' : '<h1>Not found</h1>';`;
const WORDS = `export const words = ${JSON.stringify('Short field guides for walking a long trail, written by the people who walk it. '.repeat(4))};`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: '<!doctype html><html><head><meta charset="utf-8"><title>Trail</title><script type="module" src="/app.js"></script></head><body><div id="root"></div></body></html>' },
    '/app.js': { type: 'text/javascript', body: APP },
    '/words.js': { type: 'text/javascript', body: WORDS },
  });
});
afterAll(() => site?.close());

describe('a module-built page saved as a snapshot', () => {
  it('keeps none of the modules its discarded live copy loaded', async () => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, render: 'always', renderTimeoutMs: 30_000 });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const page = manifest.resources[0]!;
    expect(page.render?.output, JSON.stringify(page.render)).toBe('snapshot');
    expect(page.render?.candidates?.live?.textMatch).toBeLessThan(0.98);
    expect(sink.text('index.html')).toContain('Short field guides');
    expect([...sink.files.keys()].filter((path) => path.startsWith('sitezip-modules/') || path.includes('sitezip-replay'))).toEqual([]);
    expect(manifest.files).toBe(sink.files.size - 1);
    expect(manifest.resources.filter((r) => r.inlined).map((r) => new URL(r.url).pathname).sort()).toEqual(['/app.js', '/words.js']);
  }, 60_000);
});
