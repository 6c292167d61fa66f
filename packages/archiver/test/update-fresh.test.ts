import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngFor, serveFixture, type FixtureRoute, type FixtureSite } from './support/fixture-site.js';
import { readZip } from './support/read-zip.js';

// The CLI runs compiled JavaScript; `npm test` builds before running this file.
const bin = fileURLToPath(new URL('../bin/sitezip.js', import.meta.url));

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' };
    execFile(process.execPath, [bin, ...args, '--render', 'never'], { env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const ETAG = '"v1"';
/** Requests each path received, with whether they were conditional. */
const asked: { path: string; conditional: boolean }[] = [];

/** An image with an ETag (answering 304 to it) and the Cache-Control given. */
function image(cacheControl: string | undefined): FixtureRoute {
  return {
    handle: (request: IncomingMessage, response: ServerResponse) => {
      const path = request.url ?? '/';
      const conditional = request.headers['if-none-match'] !== undefined;
      asked.push({ path, conditional });
      const headers = { etag: ETAG, date: new Date().toUTCString(), ...(cacheControl ? { 'cache-control': cacheControl } : {}) };
      if (request.headers['if-none-match'] === ETAG) return void response.writeHead(304, headers).end();
      response.writeHead(200, { 'content-type': 'image/png', ...headers }).end(pngFor(path));
    },
  };
}

/** Cache-Control of each image: fresh for an hour, a year (a versioned asset), or to be asked every time. */
const IMAGES: Record<string, string | undefined> = {
  '/hour.png': 'max-age=3600',
  '/year.png': 'public, max-age=31536000, immutable',
  '/no-cache.png': 'no-cache, max-age=3600',
  '/zero.png': 'max-age=0',
  '/silent.png': undefined,
};

let site: FixtureSite;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitezip-update-fresh-'));
  const page = `<title>Fresh</title>${Object.keys(IMAGES).map((path) => `<img src=${path}>`).join('')}`;
  const routes: Record<string, FixtureRoute> = { '/': { body: page } };
  for (const [path, cacheControl] of Object.entries(IMAGES)) routes[path] = image(cacheControl);
  site = await serveFixture(routes);
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

const askedFor = (path: string) => asked.filter((a) => a.path === path).map((a) => (a.conditional ? 'conditional' : 'plain'));
const manifestOf = async (zip: string) => JSON.parse((await readZip(await readFile(zip))).get('sitezip-manifest.json')!.toString());
const entryOf = (manifest: { resources: { url: string }[] }, path: string) =>
  manifest.resources.find((r) => r.url === `${site.origin}${path}`) as Record<string, unknown>;

describe('sitezip --update with freshness', () => {
  it('takes files still fresh by their Cache-Control from the previous copy without a request, and asks about the others', async () => {
    const first = join(dir, 'first.zip');
    const before = Date.now();
    expect((await run([site.url, '-o', first])).code).toBe(0);
    const firstManifest = await manifestOf(first);
    // The lifetime the server gave, from when the answer came.
    const hour = Date.parse(entryOf(firstManifest, '/hour.png').freshUntil as string);
    expect(hour).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect(hour).toBeLessThanOrEqual(Date.now() + 3600_000);
    for (const path of ['/no-cache.png', '/zero.png', '/silent.png']) expect(entryOf(firstManifest, path).freshUntil, path).toBeUndefined();

    asked.length = 0;
    const second = join(dir, 'second.zip');
    const result = await run([site.url, '--update', first, '-o', second]);
    expect(result.code).toBe(0);
    expect(askedFor('/hour.png')).toEqual([]);
    expect(askedFor('/year.png')).toEqual([]);
    for (const path of ['/no-cache.png', '/zero.png', '/silent.png']) expect(askedFor(path), path).toEqual(['conditional']);
    expect(result.stdout).toContain('updated: 6 unchanged (3 answered 304, 2 still fresh and not asked, copied from the previous ZIP), 0 changed');

    const firstFiles = await readZip(await readFile(first));
    const secondFiles = await readZip(await readFile(second));
    const secondManifest = await manifestOf(second);
    for (const path of Object.keys(IMAGES)) {
      const entry = entryOf(secondManifest, path);
      expect(secondFiles.get(entry.path as string)?.equals(firstFiles.get(entry.path as string)!), path).toBe(true);
    }
    expect(entryOf(secondManifest, '/hour.png')).toMatchObject({ status: 200, fresh: true, etag: ETAG, freshUntil: entryOf(firstManifest, '/hour.png').freshUntil });
    // A 304 renews the lifetime from its own headers: none here.
    expect(entryOf(secondManifest, '/zero.png')).toMatchObject({ status: 304 });
    expect(entryOf(secondManifest, '/zero.png').fresh).toBeUndefined();
    expect(secondManifest.update).toMatchObject({ unchanged: 6, notModified: 3, fresh: 2 });

    // An update of the update counts from the first answer: the lifetime is not renewed by copying.
    asked.length = 0;
    const third = join(dir, 'third.zip');
    expect((await run([site.url, '--update', second, '-o', third])).code).toBe(0);
    expect(askedFor('/hour.png')).toEqual([]);
    expect(entryOf(await manifestOf(third), '/hour.png').freshUntil).toBe(entryOf(firstManifest, '/hour.png').freshUntil);
  });
});
