import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, PreviousCopy, zipFileSink, type SiteOptionsInput } from '../src/index.js';
import { PAGES_PATH } from '../src/update/page-log.js';
import { pngFor, serveFixture, type FixtureRoute, type FixtureSite } from './support/fixture-site.js';
import { readZip } from './support/read-zip.js';
import yauzl from 'yauzl';

/** The site's current content by path; a test sets it before its captures and changes it between them. */
const content = new Map<string, { type: string; body: string | Buffer; plain?: boolean }>();
/** What the server answered, by path: 200s and 304s. */
const answers: { path: string; status: number }[] = [];

/** Serves `content[path]` with an ETag (a hash of the body), answering 304 when If-None-Match still matches. */
const validated: FixtureRoute = {
  handle: (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '/';
    const current = content.get(path);
    if (!current) return void response.writeHead(404).end('gone');
    // `plain`: a server that sends no validators, so every answer is a 200.
    const etag = current.plain ? undefined : `"${createHash('sha256').update(current.body).digest('hex').slice(0, 16)}"`;
    const fresh = etag !== undefined && request.headers['if-none-match'] === etag;
    answers.push({ path, status: fresh ? 304 : 200 });
    if (fresh) return void response.writeHead(304, { etag }).end();
    response.writeHead(200, { 'content-type': current.type, ...(etag ? { etag } : {}) }).end(current.body);
  },
};

const html = (body: string) => ({ type: 'text/html; charset=utf-8', body });
const png = (path: string, version = '') => ({ type: 'image/png', body: pngFor(path + version) });
const PATHS = ['/', '/a', '/b', '/c', '/new', '/style.css', '/img/1.png', '/img/2.png', '/img/3.png', '/img/bg.png', '/img/late.png', '/icons.svg'];

let site: FixtureSite;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitezip-update-pages-'));
  const routes: Record<string, FixtureRoute> = { '/robots.txt': { status: 404 }, '/sitemap.xml': { status: 404 } };
  for (const path of PATHS) routes[path] = validated;
  site = await serveFixture(routes);
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  content.clear();
  content.set('/', html('<title>Home</title><a href=/a>a</a> <a href=/b>b</a> <a href=/c>c</a>'));
  content.set('/a', html('<title>A</title><link rel=stylesheet href=/style.css><img src=/img/1.png><a href=/b>b</a>'));
  content.set('/b', html('<title>B</title><img src=/img/2.png><a href=/new>new</a><a href=/>home</a>'));
  content.set('/c', html('<title>C</title><img src=/img/3.png><img src=/img/late.png>'));
  content.set('/new', html('<title>New</title><p>new page'));
  content.set('/style.css', { type: 'text/css', body: 'body{background:url(img/bg.png)}' });
  for (const path of ['/img/1.png', '/img/2.png', '/img/3.png', '/img/bg.png']) content.set(path, png(path));
});

const OPTIONS: SiteOptionsInput = { allowPrivateNetworks: true, render: 'never' };
const statusesOf = (path: string) => answers.filter((a) => a.path === path).map((a) => a.status);
const host = () => `127.0.0.1_${new URL(site.url).port}`;

/** A first crawl into a ZIP file, then an update of it into memory; the server's answers are those of the update. */
async function crawlThenUpdate(change: () => void, first: SiteOptionsInput = {}, zip = join(dir, 'first.zip'), both: SiteOptionsInput = {}) {
  await archiveSite(site.url, zipFileSink(zip), { ...OPTIONS, ...both, ...first });
  change();
  answers.length = 0;
  const previous = await PreviousCopy.open(zip, site.url);
  const sink = new MemorySink();
  try {
    const summary = await archiveSite(site.url, sink, { ...OPTIONS, ...both }, { previous });
    return { summary, sink, before: await readZip(await readFile(zip)) };
  } finally {
    await previous.close();
  }
}

describe('an update reuses unchanged pages', () => {
  it('copies every unchanged page from the previous ZIP after a 304: no page body is downloaded, and the copy is the same', async () => {
    const { summary, sink, before } = await crawlThenUpdate(() => undefined);
    // The start page is always processed; every other page was answered 304 and asked for once.
    for (const path of ['/a', '/b', '/c', '/new']) expect(statusesOf(path), path).toEqual([304]);
    expect(statusesOf('/')).toEqual([200]);
    expect(summary.manifest.update).toMatchObject({ unchanged: 10, notModified: 8, changed: { count: 0 }, new: { count: 0 }, gone: { count: 0 } });
    expect(summary.pages).toBe(5);
    // The same files with the same bytes, the page log included: it can be updated again in turn.
    before.delete('sitezip-manifest.json');
    const after = new Map(sink.files);
    after.delete('sitezip-manifest.json');
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect(after.has(PAGES_PATH)).toBe(true);
    for (const [path, bytes] of before) expect(after.get(path)?.equals(bytes), path).toBe(true);
    const a = summary.manifest.resources.find((r) => r.url === `${site.origin}/a`);
    expect(a).toMatchObject({ status: 304, path: `${host()}/a/index.html`, etag: expect.stringMatching(/^"/), sha256: expect.any(String) });
  });

  it("keeps the static pages' offline guard that a reused page loads, though no page processed again loads it", async () => {
    content.set('/a', html('<title>A</title><img src=/img/1.png><script>document.title += " (scripted)";</script><a href=/b>b</a>'));
    const { sink, before } = await crawlThenUpdate(() => undefined, {}, join(dir, 'guard.zip'));
    expect(statusesOf('/a')).toEqual([304]);
    expect(before.get(`${host()}/a/index.html`)?.toString()).toContain('<script src="../../sitezip-offline-guard.js"></script>');
    expect(sink.files.get('sitezip-offline-guard.js')?.equals(before.get('sitezip-offline-guard.js')!)).toBe(true);
  });

  it('copies an unchanged page into a new ZIP as the previous one stored it: its deflated bytes, not inflated and deflated again', async () => {
    const plain = join(dir, 'raw-plain.zip');
    const first = join(dir, 'raw-first.zip');
    const second = join(dir, 'raw-second.zip');
    // Text long enough that deflate's levels part ways.
    const words = Array.from({ length: 2000 }, (_, i) => `w${(i * 7919) % 997}`).join(' ');
    content.set('/a', html(`<title>A</title><link rel=stylesheet href=/style.css><img src=/img/1.png><a href=/b>b</a><p>${words}`));
    await archiveSite(site.url, zipFileSink(plain), OPTIONS);
    // The previous copy deflated at level 1, as another build might have: a copy made by
    // inflating and deflating again would hold other bytes.
    const page = `${host()}/a/index.html`;
    const relevel = zipFileSink(first);
    for (const [path, bytes] of await readZip(await readFile(plain))) {
      await relevel.addStored!(path, { data: deflateRawSync(bytes, { level: 1 }), deflated: true, crc32: crc32(bytes), size: bytes.length });
      if (path === page) expect(deflateRawSync(bytes, { level: 1 }).equals(deflateRawSync(bytes))).toBe(false);
    }
    await relevel.close();
    answers.length = 0;
    const previous = await PreviousCopy.open(first, site.url);
    try {
      await archiveSite(site.url, zipFileSink(second), OPTIONS, { previous });
    } finally {
      await previous.close();
    }
    expect(statusesOf('/a')).toEqual([304]);
    const [before, after] = await Promise.all([storedEntry(first, page), storedEntry(second, page)]);
    expect(after).toEqual(before);
    expect((await readZip(await readFile(second))).get(page)?.equals((await readZip(await readFile(plain))).get(page)!)).toBe(true);
  });

  it('reuses pages in the default render mode too (auto: a static page is not rendered)', async () => {
    await crawlThenUpdate(() => undefined, {}, join(dir, 'auto.zip'), { render: 'auto' });
    for (const path of ['/a', '/b', '/c', '/new']) expect(statusesOf(path), path).toEqual([304]);
  });

  it('processes a changed page again and reports it changed; pages linking to it are reused', async () => {
    const { summary, sink } = await crawlThenUpdate(() => content.set('/c', html('<title>C2</title><img src=/img/3.png><p>second version')));
    expect(statusesOf('/c')).toEqual([200]);
    for (const path of ['/a', '/b', '/new']) expect(statusesOf(path), path).toEqual([304]);
    expect(summary.manifest.update?.changed.urls).toEqual([`${site.origin}/c`]);
    expect(sink.text(`${host()}/c/index.html`)).toContain('second version');
    expect(sink.text(`${host()}/c/index.html`)).toContain('../img/3.png');
  });

  it('processes again an unchanged page that links to a page saved for the first time: the link points at the local copy', async () => {
    const { summary, sink, before } = await crawlThenUpdate(() => undefined, { exclude: ['/new'] });
    const old = before.get(`${host()}/b/index.html`)!.toString();
    expect(old).toContain(`href="${site.origin}/new"`);
    // Asked conditionally, then, its link having another target now, downloaded and rewritten.
    expect(statusesOf('/b')).toEqual([304, 200]);
    expect(statusesOf('/a')).toEqual([304]);
    const b = sink.text(`${host()}/b/index.html`);
    expect(b).toContain('href="../new/index.html"');
    expect(summary.manifest.update?.new.urls).toEqual([`${site.origin}/new`]);
    // Unchanged all the same: its body is what it was.
    expect(summary.manifest.update?.changed.count).toBe(0);
  });

  it('processes again an unchanged page whose image failed before and is there now, and one whose image is gone', async () => {
    const { sink, before } = await crawlThenUpdate(() => {
      content.set('/img/late.png', png('/img/late.png'));
      content.delete('/img/2.png');
    });
    expect(before.get(`${host()}/c/index.html`)!.toString()).not.toContain('late.png');
    expect(statusesOf('/c')).toEqual([304, 200]);
    expect(sink.text(`${host()}/c/index.html`)).toContain('../img/late.png');
    expect(statusesOf('/b')).toEqual([304, 200]);
    expect(sink.text(`${host()}/b/index.html`)).not.toContain('img/2.png');
    expect(statusesOf('/a')).toEqual([304]);
  });

  it('reuses a page whose stylesheet changed what it references: the stylesheet is rewritten, the page kept', async () => {
    const { sink } = await crawlThenUpdate(() => {
      content.set('/img/bg.png', png('/img/bg.png', ' second version'));
      content.set('/style.css', { type: 'text/css', body: 'body{background:url(img/bg.png)} p{background:url(img/3.png)}' });
    });
    expect(statusesOf('/a')).toEqual([304]);
    expect(statusesOf('/style.css')).toEqual([200]);
    expect(statusesOf('/img/bg.png')).toEqual([200]);
    const css = [...sink.files.entries()].find(([path]) => path.endsWith('.css'))![1].toString();
    expect(css).toContain('bg.png');
    expect(css).toContain('3.png');
    expect(sink.files.get(`${host()}/img/bg.png`)?.toString('latin1')).toContain('second version');
  });

  it('updates a copy made without a page log as before: every page is downloaded and rewritten', async () => {
    const zip = join(dir, 'old-style.zip');
    await archiveSite(site.url, zipFileSink(zip), OPTIONS);
    // The copy as sitezip wrote it before pages were logged.
    const files = await readZip(await readFile(zip));
    const old = zipFileSink(join(dir, 'no-log.zip'));
    for (const [path, bytes] of files) if (path !== PAGES_PATH) await old.add(path, bytes, { compress: true });
    await old.close();
    answers.length = 0;
    const previous = await PreviousCopy.open(join(dir, 'no-log.zip'), site.url);
    try {
      const summary = await archiveSite(site.url, new MemorySink(), OPTIONS, { previous });
      for (const path of ['/a', '/b', '/c', '/new']) expect(statusesOf(path), path).toEqual([200]);
      expect(summary.manifest.update).toMatchObject({ changed: { count: 0 }, notModified: 4 });
    } finally {
      await previous.close();
    }
  });

  it('reuses a page the server sends without validators when its body hashes the same; never one that inlines a sprite', async () => {
    content.set('/new', { ...html('<title>New</title><p>new page'), plain: true });
    content.set('/c', html('<title>C</title><svg><use href="/icons.svg#star"></use></svg>'));
    content.set('/icons.svg', { type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="star"><path d="M0 0h1v1z"/></symbol></svg>' });
    const zip = await markedCopy((path) => path.endsWith('/new/index.html') || path.endsWith('/c/index.html'));
    answers.length = 0;
    const previous = await PreviousCopy.open(zip, site.url);
    const sink = new MemorySink();
    try {
      const summary = await archiveSite(site.url, sink, OPTIONS, { previous });
      expect(summary.manifest.update?.changed.count).toBe(0);
      expect(summary.manifest.resources.find((r) => r.url === `${site.origin}/new`)).toMatchObject({ status: 200, path: `${host()}/new/index.html` });
    } finally {
      await previous.close();
    }
    // Downloaded (there is nothing to ask with), found identical, and copied instead of rewritten.
    expect(statusesOf('/new')).toEqual([200]);
    expect(sink.text(`${host()}/new/index.html`)).toContain('<!-- copied -->');
    // The sprite is inlined into the page: it is rewritten every time, after one request without validators.
    expect(statusesOf('/c')).toEqual([200]);
    expect(sink.text(`${host()}/c/index.html`)).toContain('<symbol id="star">');
    expect(sink.text(`${host()}/c/index.html`)).not.toContain('<!-- copied -->');
  });

  it('copies an unchanged stylesheet whose references point where they did, and rewrites one whose image is gone', async () => {
    const zip = await markedCopy((path) => path.endsWith('.css'));
    const update = async () => {
      answers.length = 0;
      const previous = await PreviousCopy.open(zip, site.url);
      const sink = new MemorySink();
      try {
        await archiveSite(site.url, sink, OPTIONS, { previous });
      } finally {
        await previous.close();
      }
      return [...sink.files.entries()].find(([path]) => path.endsWith('.css'))![1].toString();
    };
    // Downloaded (stylesheets are not asked for conditionally), found identical, copied unparsed.
    const same = await update();
    expect(statusesOf('/style.css')).toEqual([200]);
    expect(same).toContain('img/bg.png');
    expect(same).toContain('/* copied */');
    content.delete('/img/bg.png');
    const rewritten = await update();
    expect(rewritten).not.toContain('/* copied */');
    expect(rewritten).not.toContain('bg.png');
  });
});

/**
 * A first crawl of the site as it is, with a mark no rewrite writes added to the stored files
 * `marked` picks: the mark shows which files an update copied.
 */
async function markedCopy(marked: (path: string) => boolean): Promise<string> {
  const plain = join(dir, 'unmarked.zip');
  const zip = join(dir, 'marked.zip');
  await archiveSite(site.url, zipFileSink(plain), OPTIONS);
  const sink = zipFileSink(zip);
  for (const [path, bytes] of await readZip(await readFile(plain))) {
    const mark = !marked(path) ? '' : path.endsWith('.css') ? '/* copied */' : '<!-- copied -->';
    await sink.add(path, Buffer.concat([bytes, Buffer.from(mark)]), { compress: true });
  }
  await sink.close();
  return zip;
}

/** One entry of a ZIP file as stored: its compression method, CRC and data not inflated. */
async function storedEntry(zip: string, path: string): Promise<{ method: number; crc: number; data: Buffer }> {
  const file = await yauzl.openPromise(zip, { lazyEntries: true });
  try {
    for await (const entry of file.eachEntry()) {
      if (entry.fileName !== path) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of await file.openReadStreamPromise(entry, { decompress: false })) chunks.push(chunk as Buffer);
      return { method: entry.compressionMethod, crc: entry.crc32, data: Buffer.concat(chunks) };
    }
    throw new Error(`${path} is not in ${zip}`);
  } finally {
    file.close();
  }
}
