import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../src/capture/manifest.js';
import type { CrawlSnapshot } from '../src/resume/crawl-record.js';
import { snapshotOf } from '../src/resume/crawl-snapshot.js';
import { readJournal } from '../src/resume/journal-file.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { RENDER_FIXTURES_DIR } from './support/render-fixtures.js';
import { gatedPages, isTreePage, treeSite } from './support/tree-site.js';
import { readZip } from './support/read-zip.js';

// The CLI runs compiled JavaScript: `npm run build` first.
const bin = fileURLToPath(new URL('../bin/sitezip.js', import.meta.url));
const env = { ...process.env, SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' };
const PAGES = 60;

let site: FixtureSite;
let dir: string;
/** Asked before every page is answered (the fixture's hook for stopping the CLI mid-crawl). */
let gate: () => Promise<void> = async () => undefined;
let complete: Map<string, Buffer>;

interface Stop {
  signal: NodeJS.Signals;
  /** Pages answered; later ones wait until the CLI was stopped, so that it is stopped mid-crawl. */
  answered: number;
  /** The CLI is stopped once its journal says this many pages are in its ZIP... */
  saved: number;
  /** ...and, when given, these files of the site (paths) whole in it too. */
  files?: readonly string[];
  journal: string;
}

/** Runs the CLI, and stops it as `stop` says. */
function run(args: string[], stop?: Stop): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let watcher: FSWatcher | undefined;
  if (stop) {
    let pages = 0;
    gate = () => {
      // The journal exists before the first page is asked for; each write to it is an event.
      watcher ??= watch(stop.journal, () => void stopOnceSaved(stop, child));
      return ++pages > stop.answered ? released : Promise.resolve();
    };
  }
  return new Promise((resolve) =>
    child.on('close', (code) => {
      watcher?.close();
      gate = async () => undefined;
      release();
      resolve({ code, stderr });
    }),
  );
}

async function stopOnceSaved(stop: Stop, child: ChildProcess): Promise<void> {
  const snapshot = snapshotOf(await readJournal(stop.journal));
  const saved = snapshot?.pages.filter((page) => page.saved).length ?? 0;
  const files = snapshot ? reusedResources(snapshot) : [];
  const whole = (stop.files ?? []).every((path) => files.includes(path));
  if (saved >= stop.saved && whole && child.exitCode === null && !child.killed) child.kill(stop.signal);
}

/** The paths of the pages a stopped run's journal says are in its ZIP. */
async function savedPages(journal: string): Promise<string[]> {
  const snapshot = snapshotOf(await readJournal(journal));
  return (snapshot?.pages ?? []).filter((page) => page.saved).map(({ page }) => new URL(page.url).pathname);
}

/** The paths on the site of the files a resumed run takes from the interrupted run's ZIP. */
function reusedResources(snapshot: CrawlSnapshot): string[] {
  return snapshot.resources.filter(({ outcome }) => outcome.ok).map(({ request }) => new URL(request.url).pathname);
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

/** Resumes the crawl at `out`: the same ZIP as an uninterrupted run, and no saved page asked for again. */
async function expectResumedWhole(out: string, saved: readonly string[]): Promise<void> {
  const before = requests();
  const resumed = await run([site.url, '--full', '-o', out, '--resume']);
  expect(resumed.code, resumed.stderr).toBe(0);
  expectSameEntries((await contents(out)).files, complete);
  for (const path of saved) expect(requestedSince(before, path), path).toBe(0);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitezip-resume-'));
  site = await serveFixture(gatedPages(treeSite(PAGES), () => gate()));
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
    const journal = join(`${out}.resume`, 'journal.jsonl');
    const killed = await run([site.url, '--full', '-o', out], { signal: 'SIGKILL', answered: 30, saved: 20, journal });
    expect(killed.code).toBe(null);
    expect(existsSync(out)).toBe(false);
    const saved = await savedPages(journal);
    expect(saved.length).toBeGreaterThanOrEqual(20);
    expect(saved.length).toBeLessThanOrEqual(30);
    const snapshot = snapshotOf(await readJournal(journal))!;

    const before = requests();
    const resumed = await run([site.url, '--full', '-o', out, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`Resuming: ${saved.length} pages already saved`);
    const { files, manifest } = await contents(out);
    expectSameEntries(files, complete);
    for (const path of saved) expect(requestedSince(before, path), path).toBe(0);
    // The start page's spooled files (entries with sizes after their data, deflated and stored)
    // were written before the pages saved later, and are taken from the killed run's file; so is
    // every other file the journal says was whole (a stylesheet still waiting for its image's
    // path when the run was killed was not, and is asked for again).
    const reused = reusedResources(snapshot);
    expect(reused).toEqual(expect.arrayContaining(['/big/0.js', '/big/0.mp4']));
    for (const path of reused) expect(requestedSince(before, path), path).toBe(0);
    const pagesAgain = [...site.hits.keys()].filter((path) => isTreePage(path) && requestedSince(before, path) > 0);
    expect(pagesAgain.length).toBe(PAGES - saved.length);
    // The manifest covers the whole crawl, each URL once.
    expect(manifest.pages).toBe(PAGES);
    // Every entry but the page log (sitezip-pages.json, which the same entries above show was
    // restored from the journal for the pages saved before the kill) and the static pages' guard
    // (carried over, the same entries show) is a file of the site.
    expect(complete.has('sitezip-offline-guard.js')).toBe(true);
    expect(manifest.files).toBe(complete.size - 2);
    const urls = manifest.resources.map((entry) => entry.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain(`${site.origin}/img/bg0.png`);
    expect(existsSync(`${out}.resume`)).toBe(false);
  }, 60_000);

  it("asks again for none of the killed run's files when a page its scripts are read on is loaded after the resume", async () => {
    const out = join(dir, 'read.zip');
    const journal = join(`${out}.resume`, 'journal.jsonl');
    // Only the start page answered: pages 1 to 3, each with a script of the site's own that
    // render auto reads before deciding (while it asks for the page's first files ahead), wait.
    const shared = ['/s/site.css', '/s/logo.png'];
    await run([site.url, '--full', '-o', out], { signal: 'SIGKILL', answered: 1, saved: 1, files: shared, journal });
    expect(await savedPages(journal)).toEqual(['/']);
    const before = requests();
    const resumed = await run([site.url, '--full', '-o', out, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expectSameEntries((await contents(out)).files, complete);
    expect(requestedSince(before, '/p/1.html')).toBe(1);
    expect(requestedSince(before, '/big/1.js')).toBe(1);
    for (const path of shared) expect(requestedSince(before, path), path).toBe(0);
  }, 60_000);

  it('resumes a resume that was killed too', async () => {
    const out = join(dir, 'twice.zip');
    const journal = join(`${out}.resume`, 'journal.jsonl');
    await run([site.url, '--full', '-o', out], { signal: 'SIGKILL', answered: 15, saved: 10, journal });
    const first = await savedPages(journal);
    // Killed again once the resumed run has saved pages of its own.
    const again = await run([site.url, '--full', '-o', out, '--resume'], { signal: 'SIGKILL', answered: 20, saved: first.length + 10, journal });
    expect(again.code).toBe(null);
    const saved = await savedPages(journal);
    expect(saved.length).toBeGreaterThanOrEqual(first.length + 10);
    expect(saved).toEqual(expect.arrayContaining(first));

    await expectResumedWhole(out, saved);
  }, 60_000);

  it('starts over, and says so, when the interrupted crawl\'s ZIP lacks files its journal lists', async () => {
    const out = join(dir, 'cut.zip');
    const journal = join(`${out}.resume`, 'journal.jsonl');
    await run([site.url, '--full', '-o', out], { signal: 'SIGKILL', answered: 20, saved: 10, journal });
    expect((await savedPages(journal)).length).toBeGreaterThanOrEqual(10);
    // As a full disk or a copy of the folder made mid-write leaves it: shorter than its journal says.
    const partial = `${out}.partial`;
    await truncate(partial, Math.floor((await stat(partial)).size / 2));
    const resumed = await run([site.url, '--full', '-o', out, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('lacks files its journal lists; starting over');
    expect(resumed.stderr).not.toContain('Resuming:');
    expectSameEntries((await contents(out)).files, complete);
  }, 60_000);

  it('stops on Ctrl-C leaving state to resume, and refuses to resume with other options', async () => {
    const out = join(dir, 'interrupted.zip');
    const journal = join(`${out}.resume`, 'journal.jsonl');
    const stopped = await run([site.url, '--full', '-o', out], { signal: 'SIGINT', answered: 20, saved: 10, journal });
    expect(stopped.code).not.toBe(0);
    expect(stopped.stderr).toContain('run the same command with --resume');
    expect(existsSync(out)).toBe(false);

    const other = await run([site.url, '--full', '--scope', 'prefix', '-o', out, '--resume']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/interrupted crawl in .* was with other options/);
    const elsewhere = await run([`${site.origin}/p/1.html`, '--full', '-o', out, '--resume']);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain(`was of ${site.url}`);

    const saved = await savedPages(journal);
    expect(saved.length).toBeGreaterThanOrEqual(10);
    await expectResumedWhole(out, saved);
  }, 60_000);
});

// A site searched with Pagefind on one page, by its script in the page (as Pagefind's guide has
// it): the bundle is found there, and its data file is written at the crawl's end
// (capture/pagefind.ts). Neither a run resumed after that page was saved nor an update that
// reuses it processes that page again: the bundle comes again through its pagefind.js, a module,
// which both fetch again (modules are not trusted from the journal; a reused page's files are asked).
describe('a site with a page that searches with Pagefind', () => {
  const bundle = join(RENDER_FIXTURES_DIR, 'starlight/pagefind');
  let searched: FixtureSite;
  let searchedComplete: Map<string, Buffer>;
  const dataFile = (files: Map<string, Buffer>) => [...files.keys()].filter((path) => path.startsWith('sitezip-pagefind/'));

  beforeAll(async () => {
    const routes = treeSite(13);
    routes['/p/1.html'] = {
      body: `<title>Search</title><input id="q"><ol id="hits"></ol><script type="module">
const pagefind = await import('/pagefind/pagefind.js');
document.getElementById('q').addEventListener('input', async (event) => {
  const { results } = await pagefind.search(event.target.value);
  const hits = await Promise.all(results.map((result) => result.data()));
  document.getElementById('hits').replaceChildren(...hits.map((hit) => Object.assign(document.createElement('li'), { textContent: hit.meta.title })));
});
</script><a href="/p/4.html">4</a> <a href="/p/5.html">5</a> <a href="/p/6.html">6</a>`,
    };
    for (const file of await readdir(bundle, { recursive: true, withFileTypes: true })) {
      if (!file.isFile()) continue;
      const path = join(file.parentPath, file.name);
      const type = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' }[extname(path)] ?? 'application/octet-stream';
      routes[`/pagefind/${relative(bundle, path)}`] = { type, body: await readFile(path) };
    }
    searched = await serveFixture(gatedPages(routes, () => gate()));
    const out = join(dir, 'searched.zip');
    const result = await run([searched.url, '--full', '--render', 'never', '-o', out]);
    expect(result.code, result.stderr).toBe(0);
    searchedComplete = (await contents(out)).files;
    expect(dataFile(searchedComplete)).toEqual([`sitezip-pagefind/127.0.0.1_${new URL(searched.origin).port}/pagefind.js`]);
  }, 60_000);
  afterAll(() => searched?.close());

  it('keeps its search when the crawl is resumed after that page was saved: the same data file as an uninterrupted crawl', async () => {
    const out = join(dir, 'searched-killed.zip');
    const journal = join(`${out}.resume`, 'journal.jsonl');
    await run([searched.url, '--full', '--render', 'never', '-o', out], { signal: 'SIGKILL', answered: 4, saved: 3, journal });
    expect(await savedPages(journal)).toContain('/p/1.html');
    const resumed = await run([searched.url, '--full', '--render', 'never', '-o', out, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expectSameEntries((await contents(out)).files, searchedComplete);
  }, 60_000);

  it('keeps its search in an update that reuses every page', async () => {
    const first = join(dir, 'searched-first.zip');
    expect((await run([searched.url, '--full', '--render', 'never', '-o', first])).code).toBe(0);
    const before = new Map(searched.hits);
    const out = join(dir, 'searched-updated.zip');
    const updated = await run([searched.url, '--full', '--render', 'never', '--update', first, '-o', out]);
    expect(updated.code, updated.stderr).toBe(0);
    // Its entry asked once, through pagefind.js.
    expect((searched.hits.get('/pagefind/pagefind-entry.json') ?? 0) - (before.get('/pagefind/pagefind-entry.json') ?? 0)).toBe(1);
    const { files } = await contents(out);
    const [data] = dataFile(searchedComplete);
    expect(files.get(data!)?.equals(searchedComplete.get(data!)!)).toBe(true);
  }, 60_000);
});
