import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../src/capture/manifest.js';
import { snapshotOf } from '../src/resume/crawl-snapshot.js';
import { readJournal } from '../src/resume/journal-file.js';
import { pngFor, serveFixture, type FixtureRoute, type FixtureSite } from './support/fixture-site.js';
import { readZip } from './support/read-zip.js';

// The CLI runs compiled JavaScript: `npm run build` first.
const bin = fileURLToPath(new URL('../bin/sitezip.js', import.meta.url));
const env = { ...process.env, SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' };
const PAGES = 60;

/**
 * 60 pages in a tree (page i links to 3i+1..3i+3), each with the shared stylesheet and logo,
 * its own image and its own stylesheet whose background only that stylesheet names; the first
 * pages also carry files big enough to be spooled (a script, compressed in the ZIP, and a
 * video, stored). Pages answer after 15 ms, so that a crawl is still running when it is stopped.
 */
function siteRoutes(): Record<string, FixtureRoute> {
  const routes: Record<string, FixtureRoute> = {
    '/s/site.css': { type: 'text/css', body: 'body { background: url(bg.png) }' },
    '/s/bg.png': { type: 'image/png', body: pngFor('/s/bg.png') },
    '/s/logo.png': { type: 'image/png', body: pngFor('/s/logo.png') },
  };
  for (let i = 0; i < PAGES; i++) {
    const links = [1, 2, 3].map((n) => 3 * i + n).filter((n) => n < PAGES);
    const big = i < 4 ? `<script src="/big/${i}.js"></script><video src="/big/${i}.mp4"></video>` : '';
    routes[i === 0 ? '/' : `/p/${i}.html`] = {
      body: `<title>Page ${i}</title><link rel="stylesheet" href="/s/site.css"><link rel="stylesheet" href="/css/${i}.css">
<img src="/s/logo.png"><img src="/img/${i}.png">${big}${links.map((n) => `<a href="/p/${n}.html">${n}</a>`).join(' ')}`,
    };
    routes[`/css/${i}.css`] = { type: 'text/css', body: `h1 { background: url(/img/bg${i}.png) }` };
    routes[`/img/${i}.png`] = { type: 'image/png', body: pngFor(`/img/${i}.png`) };
    routes[`/img/bg${i}.png`] = { type: 'image/png', body: pngFor(`/img/bg${i}.png`) };
    if (i < 4) {
      routes[`/big/${i}.js`] = { type: 'text/javascript', body: `/* ${i} */ ${'var x = 1;\n'.repeat(230_000)}` };
      routes[`/big/${i}.mp4`] = { type: 'video/mp4', body: Buffer.alloc(2_300_000, i + 1) };
    }
  }
  return routes;
}

let site: FixtureSite;
let dir: string;
/** Told of every page request, by path (the fixture's hook for stopping the CLI mid-crawl). */
let onPage: (path: string) => void = () => undefined;
let complete: Map<string, Buffer>;

function isPage(path: string): boolean {
  return path === '/' || path.startsWith('/p/');
}

/** Runs the CLI; `stopAt` sends `signal` once the server was asked for that many pages. */
function run(args: string[], stopAt?: { pages: number; signal: NodeJS.Signals }): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let pages = 0;
  onPage = () => {
    if (stopAt && ++pages === stopAt.pages) child.kill(stopAt.signal);
  };
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

function requests(): Map<string, number> {
  return new Map(site.hits);
}

function requestedSince(before: Map<string, number>, path: string): number {
  return (site.hits.get(path) ?? 0) - (before.get(path) ?? 0);
}

/** The entries of a ZIP but the manifest, and the manifest. */
async function contents(zip: string): Promise<{ files: Map<string, Buffer>; manifest: Manifest }> {
  const files = await readZip(await readFile(zip));
  const manifest = JSON.parse(files.get('sitezip-manifest.json')!.toString()) as Manifest;
  files.delete('sitezip-manifest.json');
  return { files, manifest };
}

function expectSameEntries(actual: Map<string, Buffer>, expected: Map<string, Buffer>): void {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [path, data] of expected) expect(actual.get(path)?.equals(data), path).toBe(true);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitezip-resume-'));
  const routes = siteRoutes();
  // Every page answers a little later, and tells the test it was asked for.
  for (const [path, route] of Object.entries(routes)) {
    if (!isPage(path)) continue;
    routes[path] = {
      handle: (request, response) => {
        onPage(path);
        setTimeout(() => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(route.body), 15);
      },
    };
  }
  site = await serveFixture(routes);
  const out = join(dir, 'complete.zip');
  const result = await run([site.url, '--full', '-o', out]);
  expect(result.code, result.stderr).toBe(0);
  expect(existsSync(`${out}.resume`)).toBe(false);
  complete = (await contents(out)).files;
  expect([...complete.keys()].filter((path) => path.endsWith('.html'))).toHaveLength(PAGES);
}, 60_000);

afterAll(async () => {
  await site?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('sitezip --full --resume', () => {
  it('continues a crawl killed with kill -9 into the same ZIP, without asking again for the pages it saved', async () => {
    const out = join(dir, 'killed.zip');
    const killed = await run([site.url, '--full', '-o', out], { pages: 40, signal: 'SIGKILL' });
    expect(killed.code).toBe(null);
    expect(existsSync(out)).toBe(false);
    const snapshot = snapshotOf(await readJournal(join(`${out}.resume`, 'journal.jsonl')))!;
    const saved = snapshot.pages.filter((page) => page.saved).map(({ page }) => new URL(page.url).pathname);
    expect(saved.length).toBeGreaterThan(0);
    expect(saved.length).toBeLessThan(PAGES);

    const before = requests();
    const resumed = await run([site.url, '--full', '-o', out, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`Resuming: ${saved.length} pages already saved`);
    const { files, manifest } = await contents(out);
    expectSameEntries(files, complete);
    for (const path of saved) expect(requestedSince(before, path), path).toBe(0);
    const pagesAgain = [...site.hits.keys()].filter((path) => isPage(path) && requestedSince(before, path) > 0);
    expect(pagesAgain.length).toBe(PAGES - saved.length);
    // The manifest covers the whole crawl, each URL once.
    expect(manifest.pages).toBe(PAGES);
    expect(manifest.files).toBe(complete.size);
    const urls = manifest.resources.map((entry) => entry.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain(`${site.origin}/img/bg0.png`);
    expect(existsSync(`${out}.resume`)).toBe(false);
  }, 60_000);

  it('stops on Ctrl-C leaving state to resume, and refuses to resume with other options', async () => {
    const out = join(dir, 'interrupted.zip');
    const stopped = await run([site.url, '--full', '-o', out], { pages: 20, signal: 'SIGINT' });
    expect(stopped.code).not.toBe(0);
    expect(stopped.stderr).toContain('run the same command with --resume');
    expect(existsSync(out)).toBe(false);

    const other = await run([site.url, '--full', '--scope', 'prefix', '-o', out, '--resume']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/interrupted crawl in .* was with other options/);
    const elsewhere = await run([`${site.origin}/p/1.html`, '--full', '-o', out, '--resume']);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain(`was of ${site.url}`);

    const resumed = await run([site.url, '--full', '-o', out, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expectSameEntries((await contents(out)).files, complete);
  }, 60_000);
});
