import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createTestDatabase } from '../apps/api/test/support/databases.js';
import { startProcess, type RunningProcess } from '../apps/api/test/support/processes.js';
import { serveFixture } from '../packages/archiver/test/support/fixture-site.js';
import { pageSite } from './page-site.js';

const JOBS = Number(process.env.BENCH_CLUSTER_JOBS ?? 40);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Jobs per minute through one API process with 1 and then 2 workers (PostgreSQL, Redis, shared disk). */
export async function runClusterBench(): Promise<void> {
  const site = await serveFixture(pageSite().routes, { latencyMs: 40 });
  console.log(`\nCluster bench: ${JOBS} jobs of the page bench site (161 resources, 40 ms latency), JOB_CONCURRENCY=2 per worker\n`);
  console.log('| workers | wall s | jobs/min |');
  console.log('|---:|---:|---:|');
  const rates: number[] = [];
  for (const workerCount of [1, 2]) {
    const rate = await measureWorkers(workerCount, site.url);
    rates.push(rate.perMinute);
    console.log(`| ${workerCount} | ${rate.seconds.toFixed(1)} | ${rate.perMinute.toFixed(0)} |`);
  }
  console.log(`\nscaling 1 → 2 workers: ${(rates[1]! / rates[0]!).toFixed(2)}× on this ${process.env.BENCH_CORES ?? '2'}-core machine`);
  await site.close();
}

async function measureWorkers(workerCount: number, url: string): Promise<{ seconds: number; perMinute: number }> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'sitezip-cluster-bench-'));
  const prefix = `sitezip-bench-${randomBytes(4).toString('hex')}`;
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SITEZIP_ALLOW_PRIVATE_NETWORKS: '1',
    LOG_LEVEL: 'warn',
    JOB_CONCURRENCY: '2',
    JOB_QUEUE_MAX: '1000',
    PASSWORD_HASH_COST: '12',
  };
  const processes: RunningProcess[] = [];
  try {
    const api = startProcess('apps/api/dist/server.js', { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    processes.push(api);
    await api.waitForLine(/sitezip is serving/);
    const base = `http://127.0.0.1:${port}`;
    // Yearly users may have 10 jobs in progress each.
    const tokens = await Promise.all(
      Array.from({ length: Math.ceil(JOBS / 10) }, async (_, i) => {
        const response = await fetch(`${base}/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Bench', email: `bench${i}@example.com`, password: 'password1' }),
        });
        return ((await response.json()) as { access_token: string }).access_token;
      }),
    );
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    await sql.query(`UPDATE users SET subscription_status = 'yearly'`);
    await sql.end();
    const ids = await Promise.all(
      Array.from({ length: JOBS }, async (_, i) => {
        const response = await fetch(`${base}/jobs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[Math.floor(i / 10)]}` },
          body: JSON.stringify({ url: `${url}?job=${i}` }),
        });
        return ((await response.json()) as { id: string }).id;
      }),
    );
    const started = performance.now();
    for (let w = 0; w < workerCount; w++) processes.push(startProcess('apps/api/dist/worker.js', { ...env, LOG_LEVEL: 'info' }));
    for (;;) {
      const states = await Promise.all(ids.map(async (id) => ((await (await fetch(`${base}/jobs/${id}`)).json()) as { status: string }).status));
      if (states.every((s) => s === 'done' || s === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    return { seconds, perMinute: (JOBS / seconds) * 60 };
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    await database.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await rm(dataDir, { recursive: true, force: true });
  }
}
