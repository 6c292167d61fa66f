import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { PNG_1PX, serveFixture, type FixtureSite } from './support/fixture-site.js';
import { unpackSink } from './support/offline-copy.js';

// A site's links to files that are no web page (a PDF, the text of a page's source, an archive
// behind a query, an image at full size): a mirror keeps each file, as wget --mirror does, and the
// place a link to it points at opens it.

const PDF = Buffer.from('%PDF-1.4\n% a small document\n%%EOF\n');
const SOURCE = '# Guide\n\nThe text this page was made from.\n';
const ZIP = Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18), 'binary');

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': {
      body: `<title>Home</title><h1>Docs</h1><a href="/guide.pdf">The guide (PDF)</a> <a href="/_sources/index.md.txt">Page source</a>
<a href="/download?id=3">Download the examples</a> <a href="/photos/big.png"><img src="/photos/big.png" alt="thumb"></a>
<a href="/gone.pdf">A file that is gone</a> <a href="/about">About</a> <a href="/tools">Tools</a>`,
    },
    '/about': { body: '<title>About</title><p>About us</p><a href="/guide.pdf">The same guide</a>' },
    '/guide.pdf': { type: 'application/pdf', body: PDF },
    '/_sources/index.md.txt': { type: 'text/plain; charset=utf-8', body: SOURCE },
    '/download': { type: 'application/zip', body: ZIP, headers: { 'content-disposition': 'attachment; filename="examples.zip"' } },
    '/photos/big.png': { type: 'image/png', body: PNG_1PX },
    // SQLite's docs: a search form's `action="search"`, a script served as bytes, beside pages under /search/.
    '/tools': { body: '<title>Tools</title><form action="search"><input name="q"></form><a href="/search/tips">Search tips</a>' },
    '/search': { type: 'application/octet-stream', body: Buffer.from('#!/usr/bin/tclsh\nputs hello\n') },
    '/search/tips': { body: '<title>Tips</title><p>Quote a phrase</p><a href="/tools">Back to the tools</a>' },
  });
});
afterAll(() => site.close());

describe('archiveSite: links to files that are no web page', () => {
  it('keeps each file, and the place its links point at opens it, offline', async () => {
    const sink = new MemorySink();
    await archiveSite(site.url, sink, { allowPrivateNetworks: true, retries: 0, render: 'never' });
    const host = `127.0.0.1_${new URL(site.url).port}`;
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const byUrl = new Map(manifest.resources.map((entry) => [entry.url, entry]));

    // Each file as it was served, under a name that says what it is.
    expect(sink.files.get(`${host}/guide.pdf`)).toEqual(PDF);
    expect(sink.text(`${host}/_sources/index.md.txt`)).toBe(SOURCE);
    const zipPath = byUrl.get(`${site.origin}/download?id=3`)?.path;
    expect(zipPath).toMatch(new RegExp(`^${host}/download-[0-9a-f]+\\.zip$`));
    expect(sink.files.get(zipPath!)).toEqual(ZIP);
    expect(byUrl.get(`${site.origin}/guide.pdf`)).toMatchObject({ path: `${host}/guide.pdf`, contentType: 'application/pdf', bytes: PDF.length });
    expect(byUrl.get(`${site.origin}/guide.pdf`)?.error).toBeUndefined();
    // The image the page also shows is stored once.
    const stored = [...sink.files.values()].filter((data) => data.equals(PNG_1PX));
    expect(stored).toHaveLength(1);
    // A file that is gone keeps its note and its address online.
    expect(byUrl.get(`${site.origin}/gone.pdf`)?.error).toMatch(/^Not captured/);

    // Links go to the page's place, which sends the browser on to the file.
    const index = sink.text('index.html');
    expect(index).toContain(`href="${host}/guide.pdf.html"`);
    expect(sink.text(`${host}/guide.pdf.html`)).toContain('<meta http-equiv="refresh" content="0; url=guide.pdf">');
    expect(sink.text(`${host}/_sources/index.md.txt.html`)).toContain('url=index.md.txt"');

    const dir = await unpackSink(sink, 'sitezip-linked-files-');
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(join(dir, 'index.html')).href);
      await Promise.all([page.waitForURL(/index\.md\.txt$/), page.click('text=Page source')]);
      expect(await page.textContent('body')).toContain('The text this page was made from.');
    } finally {
      await browser.close();
    }
  });

  it('keeps a file and the pages of a folder of the same name apart, and unpacks', async () => {
    const sink = new MemorySink();
    await archiveSite(site.url, sink, { allowPrivateNetworks: true, retries: 0, render: 'never' });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const pathOf = (path: string) => manifest.resources.find((entry) => entry.url === `${site.origin}${path}` && entry.path)?.path;
    const file = pathOf('/search');
    const tools = pathOf('/tools');
    const tips = pathOf('/search/tips');
    expect(file && tools && tips).toBeTruthy();
    // No path is a folder of another: a ZIP with both could not be unpacked.
    const paths = [...sink.files.keys()].map((path) => path.toLowerCase());
    for (const path of paths) expect(paths.filter((other) => other.startsWith(`${path}/`)), path).toEqual([]);
    expect(sink.files.get(file!)?.toString()).toContain('tclsh');
    const dir = await unpackSink(sink, 'sitezip-file-and-folder-');
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(join(dir, tools!)).href);
      await Promise.all([page.waitForURL(/tips/), page.click('text=Search tips')]);
      expect(await page.textContent('body')).toContain('Quote a phrase');
      await Promise.all([page.waitForURL(/tools/), page.click('text=Back to the tools')]);
      expect(await page.title()).toBe('Tools');
    } finally {
      await browser.close();
    }
  });
});
