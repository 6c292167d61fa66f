import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher, MemorySink, archivePage, parseOptions, zipFileSink } from '../src/index.js';
import { PreviousCopy } from '../src/update/previous-copy.js';
import { pngFor, serveFixture, type FixtureRoute, type FixtureSite } from './support/fixture-site.js';
import { readZip } from './support/read-zip.js';

// The CLI runs compiled JavaScript; `npm test` builds before running this file.
const bin = fileURLToPath(new URL('../bin/sitezip.js', import.meta.url));
const ENV = { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' };

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Pages here are static: no browser, whatever the render heuristics make of their scripts.
    execFile(process.execPath, [bin, ...args, '--render', 'never'], { env: { ...process.env, ...ENV } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const LAST_MODIFIED = 'Tue, 24 Nov 2026 10:00:00 GMT';

/** The site's current content by path; a test changes it between captures. */
const content = new Map<string, { type: string; body: string | Buffer }>();
/** What the server answered, by path: 200s and 304s. */
const answers: { path: string; status: number }[] = [];

/**
 * A route serving `content[path]` with validators, answering 304 when the request's validator
 * still matches: an ETag (a hash of the body), or with `dateOnly` a Last-Modified date alone.
 */
function validated(dateOnly = false): FixtureRoute {
  return {
    handle: (request: IncomingMessage, response: ServerResponse) => {
      const path = request.url ?? '/';
      const current = content.get(path);
      if (!current) return void response.writeHead(404).end('gone');
      const etag = `"${createHash('sha256').update(current.body).digest('hex').slice(0, 16)}"`;
      const validators: Record<string, string> = dateOnly ? { 'last-modified': LAST_MODIFIED } : { etag, 'last-modified': LAST_MODIFIED };
      const fresh = dateOnly ? request.headers['if-modified-since'] === LAST_MODIFIED : request.headers['if-none-match'] === etag;
      answers.push({ path, status: fresh ? 304 : 200 });
      if (fresh) return void response.writeHead(304, validators).end();
      response.writeHead(200, { 'content-type': current.type, ...validators }).end(current.body);
    },
  };
}

const html = (body: string) => ({ type: 'text/html; charset=utf-8', body });
/** Files saved as they came: the ones an update asks about. */
const ASSETS = ['/img/1.png', '/img/2.png', '/img/3.png', '/img/gone.png', '/app.js', '/font.woff2'];

let site: FixtureSite;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitezip-update-'));
  content.set('/', html('<title>Home</title><link rel=stylesheet href=/style.css><script src=/app.js></script><img src=/img/1.png><a href=/a>a</a><a href=/b>b</a>'));
  content.set('/a', html('<title>A</title><img src=/img/2.png><a href=/>home</a>'));
  content.set('/b', html('<title>B</title><img src=/img/3.png><img src=/img/gone.png>'));
  content.set('/style.css', { type: 'text/css', body: '@font-face{font-family:f;src:url(font.woff2)}body{background:url(img/2.png)}' });
  content.set('/app.js', { type: 'text/javascript', body: 'console.log("app")' });
  content.set('/font.woff2', { type: 'font/woff2', body: Buffer.from('wOF2 not really a font') });
  for (const path of ['/img/1.png', '/img/2.png', '/img/3.png', '/img/gone.png']) content.set(path, { type: 'image/png', body: pngFor(path) });
  // A windows-1251 page and its script, which the copy stores as UTF-8 (Привет in windows-1251 bytes).
  const privet = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]);
  content.set('/cp1251', { type: 'text/html; charset=windows-1251', body: '<title>cp1251</title><script src=/cp1251.js></script><p>a page in windows-1251' });
  content.set('/cp1251.js', { type: 'text/javascript', body: Buffer.concat([Buffer.from('document.title = "'), privet, Buffer.from('";')]) });
  const routes: Record<string, FixtureRoute> = { '/robots.txt': { status: 404 }, '/sitemap.xml': { status: 404 } };
  for (const path of [...content.keys(), '/c', '/d', '/img/d.png', '/odd.js', '/e', '/img/big.png', '/app', '/render.js', '/img/r.png']) routes[path] = validated(path === '/font.woff2');
  site = await serveFixture(routes);
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

const statusesOf = (path: string) => answers.filter((a) => a.path === path).map((a) => a.status);
const host = () => `127.0.0.1_${new URL(site.url).port}`;

describe('sitezip --update', () => {
  it('asks for each saved asset conditionally, copies the 304s from the previous ZIP and reports no change', async () => {
    const first = join(dir, 'first.zip');
    expect((await run([site.url, '--full', '-o', first])).code).toBe(0);
    answers.length = 0;

    const second = join(dir, 'second.zip');
    const result = await run([site.url, '--full', '--update', first, '-o', second]);
    expect(result.code).toBe(0);
    // Every asset saved as it came, and every page but the start page, was answered 304 and
    // nothing else; the start page and the stylesheet are downloaded.
    for (const path of [...ASSETS, '/a', '/b']) expect(statusesOf(path), path).toEqual([304]);
    for (const path of ['/', '/style.css']) expect(statusesOf(path), path).toEqual([200]);
    expect(result.stdout).toContain(
      `updated: ${ASSETS.length + 4} unchanged (${ASSETS.length + 2} answered 304, copied from the previous ZIP), 0 changed, 0 new, 0 gone`,
    );

    const before = await readZip(await readFile(first));
    const after = await readZip(await readFile(second));
    const manifest = JSON.parse(after.get('sitezip-manifest.json')!.toString());
    before.delete('sitezip-manifest.json');
    after.delete('sitezip-manifest.json');
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [path, bytes] of before) expect(after.get(path)?.equals(bytes), path).toBe(true);
    expect(manifest.update).toMatchObject({ unchanged: ASSETS.length + 4, notModified: ASSETS.length + 2, changed: { count: 0 }, new: { count: 0 } });
    const image = manifest.resources.find((r: { url: string }) => r.url === `${site.origin}/img/1.png`);
    expect(image).toMatchObject({ status: 304, path: `${host()}/img/1.png`, etag: expect.stringMatching(/^"/), sha256: expect.any(String) });

    // An updated copy can be updated in turn: the reused files kept their validators and hashes.
    answers.length = 0;
    const third = await run([site.url, '--full', '--update', second, '-o', join(dir, 'third.zip')]);
    expect(third.code).toBe(0);
    for (const path of [...ASSETS, '/a', '/b']) expect(statusesOf(path), path).toEqual([304]);
  });

  it('reports the changed image and page, the new page and the gone image, updating the ZIP in place', async () => {
    const zip = join(dir, 'site.zip');
    expect((await run([site.url, '--full', '-o', zip])).code).toBe(0);
    content.set('/img/2.png', { type: 'image/png', body: pngFor('/img/2.png, second version') });
    content.set('/a', html('<title>A</title><img src=/img/2.png><a href=/>home</a><a href=/c>c</a>'));
    content.set('/c', html('<title>C</title><p>new'));
    content.delete('/img/gone.png');
    answers.length = 0;

    // -o names the previous ZIP: it is read while the new copy goes to site.zip.partial.
    const result = await run([site.url, '--full', '--update', zip, '-o', zip]);
    expect(result.code).toBe(0);
    expect(statusesOf('/img/2.png')).toEqual([200]);
    expect(statusesOf('/img/1.png')).toEqual([304]);
    expect(result.stdout).toMatch(/updated: \d+ unchanged \(4 answered 304, copied from the previous ZIP\), 2 changed, 1 new, 1 gone since the previous copy/);
    const manifest = JSON.parse((await readZip(await readFile(zip))).get('sitezip-manifest.json')!.toString());
    expect(manifest.update.changed.urls.sort()).toEqual([`${site.origin}/a`, `${site.origin}/img/2.png`]);
    expect(manifest.update.new.urls).toEqual([`${site.origin}/c`]);
    expect(manifest.update.gone.urls).toEqual([`${site.origin}/img/gone.png`]);
    const files = await readZip(await readFile(zip));
    expect(files.get(`${host()}/img/2.png`)?.toString('latin1')).toContain('second version');
    expect(files.has(`${host()}/c/index.html`)).toBe(true);
    await expect(readFile(`${zip}.partial`)).rejects.toThrow(/ENOENT/);
  });

  it('updates a single page through the engine, reading large files back through a temporary file; a stored file that is not the body received is downloaded again', async () => {
    // odd.js is served as CSS: it is saved rewritten (its url() points into the ZIP), so its
    // stored bytes cannot answer for the ETag of the body the server sent.
    content.set('/d', html('<title>D</title><img src=/img/d.png><script src=/odd.js></script>'));
    content.set('/img/d.png', { type: 'image/png', body: pngFor('/img/d.png') });
    content.set('/odd.js', { type: 'text/css', body: 'body{background:url(/img/d.png)}' });
    const path = join(dir, 'page.zip');
    await archivePage(`${site.origin}/d`, zipFileSink(path), { allowPrivateNetworks: true, render: 'never' });
    answers.length = 0;
    // Every file past 0 bytes goes through a temporary file, as files past the spool threshold do.
    const previous = await PreviousCopy.open(path, site.url, 0);
    const sink = new MemorySink();
    try {
      const summary = await archivePage(`${site.origin}/d`, sink, { allowPrivateNetworks: true, render: 'never' }, { previous });
      expect(statusesOf('/img/d.png')).toEqual([304]);
      expect(statusesOf('/odd.js')).toEqual([304, 200]);
      expect(summary.manifest.update).toMatchObject({ unchanged: 3, notModified: 1, changed: { count: 0 } });
    } finally {
      await previous.close();
    }
    const before = await readZip(await readFile(path));
    for (const [file, bytes] of sink.files) if (file !== 'sitezip-manifest.json') expect(before.get(file)?.equals(bytes), file).toBe(true);
    expect(sink.text('index.html')).toContain(`${host()}/img/d.png`);
  });

  it("keeps to this capture's limit on one file: a previous file past it is asked for as usual", async () => {
    content.set('/e', html('<title>E</title><img src=/img/big.png>'));
    content.set('/img/big.png', { type: 'image/png', body: Buffer.concat([pngFor('/img/big.png'), Buffer.alloc(5_000)]) });
    const path = join(dir, 'big.zip');
    await archivePage(`${site.origin}/e`, zipFileSink(path), { allowPrivateNetworks: true, render: 'never' });
    answers.length = 0;
    const previous = await PreviousCopy.open(path, site.url);
    try {
      const summary = await archivePage(`${site.origin}/e`, new MemorySink(), { allowPrivateNetworks: true, render: 'never', maxResourceBytes: 1_000 }, { previous });
      expect(statusesOf('/img/big.png')).toEqual([200]);
      expect(summary.manifest.resources.find((r) => r.url.endsWith('/img/big.png'))?.errorCode).toBe('TOO_LARGE');
      expect(summary.manifest.update?.gone.urls).toEqual([`${site.origin}/img/big.png`]);
    } finally {
      await previous.close();
    }
  });

  it('updates a rendered page: the browser is answered with the previous image after a 304', async () => {
    content.set('/app', html('<title>App</title><div id=root></div><script src=/render.js></script>'));
    content.set('/render.js', { type: 'text/javascript', body: "document.getElementById('root').innerHTML = '<h1>Built</h1><img src=/img/r.png>'" });
    content.set('/img/r.png', { type: 'image/png', body: pngFor('/img/r.png') });
    const options = { allowPrivateNetworks: true, render: 'always' } as const;
    const path = join(dir, 'app.zip');
    await archivePage(`${site.origin}/app`, zipFileSink(path), options);
    answers.length = 0;
    const previous = await PreviousCopy.open(path, site.url);
    const sink = new MemorySink();
    try {
      const summary = await archivePage(`${site.origin}/app`, sink, options, { previous });
      expect(summary.rendered.pages).toBe(1);
      // One request: the browser's, answered 304; the capture takes the image from what the browser got.
      expect(statusesOf('/img/r.png')).toEqual([304]);
      expect(summary.manifest.resources.find((r) => r.url.endsWith('/img/r.png'))).toMatchObject({ status: 304, path: `${host()}/img/r.png` });
    } finally {
      await previous.close();
    }
    const before = await readZip(await readFile(path));
    expect(sink.files.get(`${host()}/img/r.png`)?.equals(before.get(`${host()}/img/r.png`)!)).toBe(true);
  }, 60_000);

  it('sends the validators to the URL asked for, not to where it redirects', async () => {
    const seen: Record<string, string | undefined> = {};
    const server = await serveFixture({
      '/moved.png': {
        handle: (request, response) => {
          seen.moved = request.headers['if-none-match'];
          response.writeHead(301, { location: '/new.png' }).end();
        },
      },
      '/new.png': {
        handle: (request, response) => {
          seen.target = request.headers['if-none-match'];
          response.writeHead(200, { 'content-type': 'image/png' }).end('x');
        },
      },
    });
    const fetcher = new HttpFetcher(parseOptions({ allowPrivateNetworks: true }));
    try {
      const resource = await fetcher.fetch(`${server.origin}/moved.png`, { conditional: { etag: '"v1"' } });
      expect(resource.status).toBe(200);
      expect(seen).toEqual({ moved: '"v1"', target: undefined });
    } finally {
      await fetcher.close();
      await server.close();
    }
  });

  it('refuses, with exit code 2, a previous ZIP that is unreadable, not sitezip\'s, or of another site', async () => {
    const notZip = join(dir, 'not.zip');
    await writeFile(notZip, 'hello');
    const unreadable = await run([site.url, '--update', notZip, '-o', join(dir, 'x.zip')]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toMatch(/--update: cannot read the previous copy/);

    const foreign = join(dir, 'foreign.zip');
    const sink = zipFileSink(foreign);
    await sink.add('index.html', Buffer.from('hi'), { compress: true });
    await sink.close();
    const notOurs = await run([site.url, '--update', foreign, '-o', join(dir, 'x.zip')]);
    expect(notOurs.code).toBe(2);
    expect(notOurs.stderr).toMatch(/is not a sitezip copy/);

    const ours = join(dir, 'ours.zip');
    expect((await run([site.url, '-o', ours])).code).toBe(0);
    const other = await run([`http://localhost:${new URL(site.url).port}/`, '--update', ours, '-o', join(dir, 'x.zip')]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/another site/);
    const missing = await run([site.url, '--update', join(dir, 'nowhere.zip'), '-o', join(dir, 'x.zip')]);
    expect(missing.code).toBe(2);
    await copyFile(ours, join(dir, 'y.zip.partial'));
    expect((await run([site.url, '--update', join(dir, 'y.zip.partial'), '-o', join(dir, 'y.zip')])).code).toBe(2);
  });

  it("keeps a windows-1251 page's script readable through an update (stored as UTF-8, never decoded twice)", async () => {
    const first = join(dir, 'cp1251.zip');
    expect((await run([`${site.origin}/cp1251`, '-o', first])).code).toBe(0);
    answers.length = 0;
    const second = join(dir, 'cp1251-update.zip');
    expect((await run([`${site.origin}/cp1251`, '--update', first, '-o', second])).code).toBe(0);
    // The stored file is not the body received (its manifest hash): it is asked for whole again.
    expect(statusesOf('/cp1251.js')).toEqual([304, 200]);
    for (const zip of [first, second]) {
      expect((await readZip(await readFile(zip))).get(`${host()}/cp1251.js`)?.toString('utf8'), zip).toBe('document.title = "Привет";');
    }
  });
});
