import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotOf } from '../../../packages/archiver/src/resume/crawl-snapshot.js';
import { readJournal } from '../../../packages/archiver/src/resume/journal-file.js';
import { serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { uninterruptedZip, zipOf } from './support/job-zips.js';
import { gatedPages, isTreePage, treeSite } from '../../../packages/archiver/test/support/tree-site.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { crawlStateDir } from '../src/features/jobs/job-runner.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';

// The server runs compiled JavaScript (`npm run build` first), in a process of its own that the test kills.
const serverEntry = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const PAGES = 40;

let site: FixtureSite;
let database: TestDatabase;
let dataDir: string;
let gate: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  site = await serveFixture(gatedPages(treeSite(PAGES), () => gate()));
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'sitezip-resume-job-'));
});
afterAll(async () => {
  await site.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const env = () => ({
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  WEB_DIST: join(dataDir, 'none'),
  LOG_LEVEL: process.env.DEBUG_RESUME ? 'info' : 'silent',
  SITEZIP_ALLOW_PRIVATE_NETWORKS: '1',
});


/** The paths of the pages a crawl's journal says are in its ZIP. */
async function savedPages(journal: string): Promise<string[]> {
  const snapshot = snapshotOf(await readJournal(journal));
  return (snapshot?.pages ?? []).filter((page) => page.saved).map(({ page }) => new URL(page.url).pathname);
}

describe('a Full Website job whose worker died', () => {
  it('continues the crawl where it stopped when the job is taken over, instead of starting over', async () => {
    // Unique: the state folder is the machine's, by job id.
    const jobId = `resume${randomBytes(8).toString('hex')}`;
    const setup = await buildApp(loadConfig(env()));
    await setup.services.jobs.create({ id: jobId, ownerId: null, url: site.url, mode: 'full', plan: 'monthly' });
    await setup.close();

    // The worker: a server process that takes the queued job, killed with its capture process
    // (one process group, as when a machine goes) once 15 pages are in the crawl's ZIP; pages
    // past the 25th wait until then.
    const journal = join(crawlStateDir(jobId), 'capture.zip.resume', 'journal.jsonl');
    const worker = spawn(process.execPath, [serverEntry], { env: { ...process.env, ...env(), PORT: '0', HOST: '127.0.0.1' }, detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let pages = 0;
    let watcher: FSWatcher | undefined;
    let killed = false;
    const killOnceSaved = async () => {
      // Two writes' events can both get here while the journal is read: one kill only.
      if (killed || (await savedPages(journal)).length < 15 || killed || worker.exitCode !== null) return;
      killed = true;
      watcher?.close();
      process.kill(-worker.pid!, 'SIGKILL');
    };
    gate = () => {
      // The journal exists before the first page is asked for; each write to it is an event.
      watcher ??= watch(journal, () => void killOnceSaved());
      return ++pages > 25 ? released : Promise.resolve();
    };
    await new Promise((resolve) => worker.on('close', resolve));
    gate = async () => undefined;
    release();
    const before = await savedPages(journal);
    expect(before.length).toBeGreaterThanOrEqual(15);
    const hits = new Map(site.hits);

    // Another server takes the job over.
    const after = await buildApp(loadConfig(env()));
    try {
      const row = await after.services.jobsService.waitForFinish(jobId);
      expect(row.status, row.error ?? '').toBe('done');
      expect(row.attempts).toBe(2);
      for (const path of before) expect((site.hits.get(path) ?? 0) - (hits.get(path) ?? 0), path).toBe(0);
      const again = [...site.hits.keys()].filter((path) => isTreePage(path) && (site.hits.get(path) ?? 0) > (hits.get(path) ?? 0));
      expect(again.length).toBe(PAGES - before.length);
      const files = await zipOf(after, jobId);
      expect([...files.keys()].filter((path) => path.endsWith('.html'))).toHaveLength(PAGES);

      // The same ZIP as a job nobody interrupted.
      const { files: complete } = await uninterruptedZip(after, site.url);
      // The state of the resumed job went once it was over.
      expect(existsSync(crawlStateDir(jobId))).toBe(false);
      expect([...files.keys()].sort()).toEqual([...complete.keys()].sort());
      for (const [path, data] of complete) expect(files.get(path)?.equals(data), path).toBe(true);
    } finally {
      await after.close();
    }
  }, 120_000);
});
