import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { snapshotOf } from '../../../packages/archiver/src/resume/crawl-snapshot.js';
import { readJournal } from '../../../packages/archiver/src/resume/journal-file.js';
import { serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { uninterruptedZip, zipOf } from './support/job-zips.js';
import { gatedPages, isTreePage, treeSite } from '../../../packages/archiver/test/support/tree-site.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { restoreCheckpoint } from '../src/features/crawl-state/restore-checkpoint.js';
import { S3CheckpointStore } from '../src/features/crawl-state/s3-checkpoint-store.js';
import { stateFiles } from '../src/features/crawl-state/state-files.js';
import { createS3Client } from '../src/features/files/s3-file-store.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { startProcess, type RunningProcess } from './support/processes.js';
import { startTestS3, type TestS3 } from './support/s3.js';
import { dropRedisKeys } from './support/redis-keys.js';

// A Full Website job in the scaled shape whose worker dies (SIGKILL) mid-crawl is taken over by a
// worker on "another machine" (its own temporary folder, so none of the first one's state), which
// continues the crawl from the checkpoints in the bucket. Runs the built worker (`npm run build`).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `sitezip-test-${randomBytes(4).toString('hex')}`;
const PAGES = 40;

let database: TestDatabase;
let s3: TestS3;
let site: FixtureSite;
let root: string;
let env: Record<string, string>;
let gate: () => Promise<void> = async () => undefined;
const workers: RunningProcess[] = [];

/** A machine of its own: a temporary folder (where crawl state is kept) and a data folder. */
async function startWorker(machine: string): Promise<RunningProcess> {
  const tmp = join(root, machine, 'tmp');
  await mkdir(tmp, { recursive: true });
  // As /tmp: the capture processes run as another user.
  await chmod(join(root, machine), 0o755);
  await chmod(tmp, 0o1777);
  const worker = startProcess('apps/api/dist/worker.js', { ...env, TMPDIR: tmp, DATA_DIR: join(root, machine, 'data') });
  workers.push(worker);
  await worker.waitForLine(/worker ready/);
  return worker;
}

const pageHits = () => [...site.hits].filter(([path]) => isTreePage(path)).reduce((sum, [, n]) => sum + n, 0);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sitezip-scaled-resume-'));
  await chmod(root, 0o755);
  [database, s3] = await Promise.all([createTestDatabase(), startTestS3()]);
  site = await serveFixture(gatedPages(treeSite(PAGES), () => gate()));
  env = {
    ...s3.env,
    S3_PREFIX: `${prefix}/`,
    DATABASE_URL: database.url,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SITEZIP_ALLOW_PRIVATE_NETWORKS: '1',
    LOG_LEVEL: process.env.DEBUG_RESUME ? 'debug' : 'info',
    JOB_CONCURRENCY: '1',
    WORKER_LOCK_SECONDS: '3',
    CRAWL_CHECKPOINT_SECONDS: '0.2',
  };
}, 60_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop('SIGKILL')));
  await site?.close();
  await s3?.close();
  await database?.drop();
  await dropRedisKeys(REDIS_URL, `${prefix}:*`);
  await rm(root, { recursive: true, force: true });
});

describe('a Full Website job whose worker died, taken over on another machine', () => {
  it('continues the crawl from the checkpoints in the bucket instead of starting over', { timeout: 180_000 }, async () => {
    const config = loadConfig({ ...env, DATA_DIR: join(root, 'api'), WEB_DIST: join(root, 'none'), LOG_LEVEL: 'silent' });
    const app = await buildApp(config);
    const checkpoints = new S3CheckpointStore(createS3Client(config.s3!), config.s3!.bucket, config.s3!.prefix);
    try {
      // Pages past the 25th wait until the first worker is dead: it cannot finish the crawl.
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let pages = 0;
      gate = () => (++pages > 25 ? released : Promise.resolve());
      const first = await startWorker('machine-a');
      const jobId = `scaled${randomBytes(8).toString('hex')}`;
      await app.services.jobs.create({ id: jobId, ownerId: null, url: site.url, mode: 'full', plan: 'monthly' });
      await app.services.queue.enqueue(jobId, 0);

      // What a worker elsewhere could continue from: the checkpoints, rebuilt as it would.
      const scratch = stateFiles(join(root, 'scratch', jobId));
      const before = await vi.waitFor(
        async () => {
          await restoreCheckpoint(checkpoints, jobId, scratch);
          if (process.env.DEBUG_RESUME) console.log(await checkpoints.list(jobId), first.lines.filter((l) => /checkpoint|error|warn/i.test(l)).slice(-5));
          const saved = (snapshotOf(await readJournal(scratch.journal))?.pages ?? []).filter((page) => page.saved);
          expect(saved.length).toBeGreaterThanOrEqual(15);
          return saved.map(({ page }) => new URL(page.url).pathname);
        },
        { timeout: 60_000, interval: 200 },
      );
      first.child.kill('SIGKILL');
      await first.exited;
      const hits = new Map(site.hits);
      const firstRun = pageHits();
      gate = async () => undefined;
      release();

      const second = await startWorker('machine-b');
      const row = await app.services.jobsService.waitForFinish(jobId);
      const taken = second.lines.filter((line) => line.includes(jobId));
      if (process.env.DEBUG_RESUME) console.log(taken);
      // A failure says why in the second worker's own words (a capture's death, the job's error).
      expect(row.status, [row.error ?? '', ...taken].join('\n')).toBe('done');
      expect(row.attempts).toBe(2);
      expect(second.lines.some((line) => line.includes(jobId) && line.includes('crawl state restored from checkpoints'))).toBe(true);
      // Pages in the checkpoints were not asked for again; the two runs together asked for fewer than two crawls.
      for (const path of before) expect((site.hits.get(path) ?? 0) - (hits.get(path) ?? 0), path).toBe(0);
      expect(pageHits()).toBeLessThan(2 * PAGES);
      expect(pageHits() - firstRun).toBeLessThanOrEqual(PAGES - before.length);
      const files = await zipOf(app, jobId);
      expect([...files.keys()].filter((path) => path.endsWith('.html'))).toHaveLength(PAGES);

      // The same ZIP as a job nobody interrupted.
      const { id: whole, files: complete } = await uninterruptedZip(app, site.url);
      expect([...files.keys()].sort()).toEqual([...complete.keys()].sort());
      for (const [path, data] of complete) expect(files.get(path)?.equals(data), path).toBe(true);

      // The checkpoints go once the jobs are over.
      await vi.waitFor(async () => expect([...(await checkpoints.list(jobId)), ...(await checkpoints.list(whole))]).toEqual([]), { timeout: 10_000, interval: 100 });
    } finally {
      await app.close();
    }
  });
});

