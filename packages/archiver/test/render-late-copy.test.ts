import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, zipFileSink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { readZip } from './support/read-zip.js';

// A static site with one page deep in it that fills itself from the network: a full crawl keeps
// no copy on disk until that page is rendered, and then its self-check must find there the files
// the pages before it saved (the site's stylesheet, its logo), read back from the ZIP being written.
const STATIC = (title: string, next: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="/site.css"></head><body><img src="/logo.svg" alt="logo"><h1>${title}</h1>
<p>${'A paragraph of the site, written on the server. '.repeat(8)}</p><a href="${next}">Next</a></body></html>`;
const LIST = `<!doctype html><html><head><meta charset="utf-8"><title>Prices</title>
<link rel="stylesheet" href="/site.css"></head><body><img src="/logo.svg" alt="logo"><h1>Prices</h1><ul id="list"></ul>
<script>fetch('/data/prices.json').then(function (r) { return r.json(); }).then(function (items) {
  document.getElementById('list').innerHTML = items.map(function (item) { return '<li>' + item + '</li>'; }).join('');
});</script></body></html>`;
const CSS = `body { background: #0a78c8; color: #fff; font: 20px/1.6 sans-serif; margin: 40px }
h1 { font-size: 64px; border-bottom: 12px solid #ffd400 } li { padding: 12px; background: #063c64 }`;
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80"><rect width="300" height="80" fill="#e4003a"/></svg>`;

let site: FixtureSite;
let dir: string;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: STATIC('Home', '/about') },
    '/about': { body: STATIC('About', '/prices') },
    '/prices': { body: LIST },
    '/site.css': { type: 'text/css', body: CSS },
    '/logo.svg': { type: 'image/svg+xml', body: LOGO },
    '/data/prices.json': { type: 'application/json', body: JSON.stringify(['Apples: 3', 'Pears: 4', 'Plums: 5']) },
  });
  dir = await mkdtemp(join(tmpdir(), 'sitezip-late-copy-'));
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a full crawl of a static site whose later page is rendered', () => {
  it("checks that page's live copy with the files the earlier pages saved, read back from the ZIP", async () => {
    const zip = join(dir, 'site.zip');
    const summary = await archiveSite(`${site.origin}/`, zipFileSink(zip), { allowPrivateNetworks: true, retries: 0, useSitemaps: false });
    expect(summary.pages).toBe(3);
    const files = await readZip(await readFile(zip));
    const manifest = JSON.parse(files.get('sitezip-manifest.json')!.toString()) as Manifest;
    const rendered = manifest.resources.filter((entry) => entry.render && entry.render.output !== 'static');
    expect(rendered.map((entry) => new URL(entry.url).pathname)).toEqual(['/prices']);
    // Without the stylesheet and the logo in the copy on disk, its check fails two requests and
    // differs by most of its pixels.
    expect(rendered[0]!.render).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0, textMatch: 1 } });
    expect(rendered[0]!.render!.check!.pixelDiff).toBeLessThanOrEqual(0.5);
  });
});
