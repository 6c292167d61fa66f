import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PNG_1PX, serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../../../packages/archiver/test/support/read-zip.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { gatedPage } from './support/gate.js';
import { startProcess, type RunningProcess } from './support/processes.js';
import { startTestS3, type TestS3 } from './support/s3.js';
import { hugePage } from './support/huge-page.js';
import { readSse } from './support/sse.js';
import { dropRedisKeys } from './support/redis-keys.js';

// The scaled shape as real processes: two API servers and workers on PostgreSQL, Redis and an
// S3-compatible bucket. Runs the built code (`npm test` builds first).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `sitezip-test-${randomBytes(4).toString('hex')}`;

let database: TestDatabase;
let s3: TestS3;
let site: FixtureSite;
let root: string;
const apis: { process: RunningProcess; base: string }[] = [];
const workers: RunningProcess[] = [];
const gates = { kill: gatedPage('<p>killed</p>'), term: gatedPage('<p>term</p>') };
const huge = hugePage(90);

let env: Record<string, string>;

async function startApi(name: string): Promise<{ process: RunningProcess; base: string }> {
  // Below the ephemeral range (32768+), where fixture servers and outgoing connections take theirs.
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  const api = startProcess('apps/api/dist/server.js', { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(root, name) });
  await api.waitForLine(/sitezip is serving/);
  return { process: api, base: `http://127.0.0.1:${port}` };
}

async function startWorker(name: string): Promise<RunningProcess> {
  const worker = startProcess('apps/api/dist/worker.js', { ...env, DATA_DIR: join(root, name), LOG_LEVEL: 'info' });
  await worker.waitForLine(/worker ready/);
  return worker;
}

async function createJob(base: string, url: string): Promise<string> {
  const response = await fetch(`${base}/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

async function jobOf(base: string, id: string): Promise<{ status: string; error: string | null; result: { download_url: string } | null }> {
  return (await fetch(`${base}/jobs/${id}`)).json() as never;
}

/** The worker that logged the start of job `id`. */
function workerRunning(id: string): Promise<RunningProcess> {
  return vi.waitFor(
    () => {
      const found = workers.find((w) => w.lines.some((line) => line.includes(id) && line.includes('job started')));
      if (!found) throw new Error(`no worker has started ${id} yet`);
      return found;
    },
    { timeout: 20_000, interval: 100 },
  );
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sitezip-scaled-'));
  [database, s3] = await Promise.all([createTestDatabase(), startTestS3()]);
  site = await serveFixture({
    '/': { body: '<link rel=stylesheet href=s.css><img src=a.png><p>scaled</p>' },
    '/s.css': { type: 'text/css', body: 'p{color:red}' },
    '/a.png': { type: 'image/png', body: PNG_1PX },
    '/kill': gates.kill.route,
    '/term': gates.term.route,
    '/huge': huge.route,
    // A page its script builds: rendered in a browser.
    '/app': { body: '<!doctype html><title>App</title><div id="root"></div><script src="/app.js"></script>' },
    '/app.js': { type: 'text/javascript', body: `document.getElementById('root').innerHTML = '<h1>Built by the worker</h1>';` },
  });
  env = {
    ...s3.env,
    S3_PREFIX: `${prefix}/`,
    DATABASE_URL: database.url,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SITEZIP_ALLOW_PRIVATE_NETWORKS: '1',
    LOG_LEVEL: 'info',
    JOB_CONCURRENCY: '2',
    JOB_QUEUE_MAX: '100',
    ANON_RATE_LIMIT: '1000',
    WORKER_LOCK_SECONDS: '3',
    WORKER_GRACE_SECONDS: '30',
    // Far more than these pages need, far less than the huge one takes.
    CAPTURE_MEMORY_MB: '200',
    PASSWORD_HASH_COST: '12',
    // A worker's first render starts its Chromium: with other test files running beside this
    // one, that can outlast the default 20 s, and the page would be saved as served.
    RENDER_TIMEOUT_SECONDS: '60',
  };
  // The API processes migrate the same database at the same time: the advisory lock serialises them.
  apis.push(...(await Promise.all([startApi('api-a'), startApi('api-b')])));
  workers.push(...(await Promise.all([startWorker('worker-1'), startWorker('worker-2')])));
}, 60_000);

afterAll(async () => {
  gates.kill.open();
  gates.term.open();
  await Promise.all([...apis.map((a) => a.process.stop()), ...workers.map((w) => w.stop('SIGKILL'))]);
  await site?.close();
  await s3?.close();
  await database?.drop();
  await dropRedisKeys(REDIS_URL, `${prefix}:*`);
  await rm(root, { recursive: true, force: true });
});

describe('two API processes and two workers', () => {
  it('completes 30 jobs submitted across both APIs', { timeout: 120_000 }, async () => {
    // Three yearly users (10 jobs in progress each) share the 30 jobs.
    const tokens = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const response = await fetch(`${apis[i % 2]!.base}/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `U${i}`, email: `u${i}-${prefix}@example.com`, password: 'password1' }),
        });
        return ((await response.json()) as { access_token: string }).access_token;
      }),
    );
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    await sql.query(`UPDATE users SET subscription_status = 'yearly'`);
    await sql.end();
    const ids = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const response = await fetch(`${apis[i % 2]!.base}/jobs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % 3]}` },
          body: JSON.stringify({ url: `${site.url}?n=${i}` }),
        });
        expect(response.status).toBe(202);
        return ((await response.json()) as { id: string }).id;
      }),
    );
    await vi.waitFor(
      async () => {
        const states = await Promise.all(ids.map((id, i) => jobOf(apis[(i + 1) % 2]!.base, id)));
        expect(states.map((s) => s.status)).toEqual(ids.map(() => 'done'));
      },
      { timeout: 90_000, interval: 500 },
    );
    const { result } = await jobOf(apis[0]!.base, ids[0]!);
    const zip = await readZip(Buffer.from(await (await fetch(`${apis[1]!.base}${result!.download_url}`)).arrayBuffer()));
    expect(zip.get('index.html')?.toString()).toContain('<p>scaled</p>');
    const workedBy = workers.map((w) => w.lines.filter((l) => l.includes('"job done"')).length);
    expect(workedBy.every((n) => n > 0)).toBe(true);
  });

  it('streams a job created on API B from API A', async () => {
    const id = await createJob(apis[1]!.base, site.url);
    const events = await readSse(`${apis[0]!.base}/jobs/${id}/events`);
    expect(events[0]?.event).toBe('status');
    expect(events.at(-1)?.event).toBe('done');
  });

  it('finishes a job whose worker was killed with SIGKILL mid-capture', { timeout: 60_000 }, async () => {
    const id = await createJob(apis[0]!.base, `${site.origin}/kill`);
    const victim = await workerRunning(id);
    victim.child.kill('SIGKILL');
    await victim.exited;
    workers.splice(workers.indexOf(victim), 1);
    workers.push(await startWorker('worker-3'));
    gates.kill.open();
    await vi.waitFor(async () => expect((await jobOf(apis[1]!.base, id)).status).toBe('done'), { timeout: 45_000, interval: 500 });
  });

  it('lets a worker finish its job on SIGTERM before it exits', { timeout: 60_000 }, async () => {
    const id = await createJob(apis[1]!.base, `${site.origin}/term`);
    const holder = await workerRunning(id);
    holder.child.kill('SIGTERM');
    await holder.waitForLine(/worker stopping/);
    gates.term.open();
    expect(await holder.exited).toBe(0);
    workers.splice(workers.indexOf(holder), 1);
    expect((await jobOf(apis[0]!.base, id)).status).toBe('done');
  });

  it('renders in a browser each worker keeps: started by its first render, none in the API processes', { timeout: 120_000 }, async () => {
    const ids = [await createJob(apis[0]!.base, `${site.origin}/app`)];
    const worker = await workerRunning(ids[0]!);
    await vi.waitFor(async () => expect((await jobOf(apis[1]!.base, ids[0]!)).status).toBe('done'), { timeout: 60_000, interval: 250 });
    ids.push(await createJob(apis[1]!.base, `${site.origin}/app?again`));
    await vi.waitFor(async () => expect((await jobOf(apis[0]!.base, ids[1]!)).status).toBe('done'), { timeout: 60_000, interval: 250 });
    for (const id of ids) {
      const { result } = await jobOf(apis[0]!.base, id);
      const zip = await readZip(Buffer.from(await (await fetch(`${apis[0]!.base}${result!.download_url}`)).arrayBuffer()));
      const manifest = JSON.parse(zip.get('sitezip-manifest.json')!.toString()) as { resources: { render?: { output: string } }[] };
      // Rendered (kept live or as a snapshot), not saved as served for want of a browser.
      expect(['live', 'snapshot'], JSON.stringify(manifest.resources[0]?.render)).toContain(manifest.resources[0]?.render?.output);
    }
    const starts = (lines: string[]) => lines.filter((line) => line.includes('shared browser started')).length;
    expect(starts(worker.lines)).toBe(1);
    // Each worker starts at most one; whichever ran the second job had one running or started it.
    expect(workers.map((w) => starts(w.lines)).every((n) => n <= 1)).toBe(true);
    expect(apis.map((api) => starts(api.process.lines))).toEqual([0, 0]);
  });

  it('fails a page that exhausts its capture process once, and the worker goes on', { timeout: 60_000 }, async () => {
    const id = await createJob(apis[0]!.base, `${site.origin}/huge`);
    const worker = await workerRunning(id);
    await vi.waitFor(async () => expect((await jobOf(apis[1]!.base, id)).status).toBe('failed'), { timeout: 45_000, interval: 250 });
    expect((await jobOf(apis[0]!.base, id)).error).toBe('This page needs more memory than a download may use.');
    // Not retried: a page that kills its capture would kill the next one too.
    expect(workers.flatMap((w) => w.lines).filter((l) => l.includes(id) && l.includes('job started'))).toHaveLength(1);
    expect(worker.child.exitCode).toBeNull();
    const next = await createJob(apis[1]!.base, `${site.url}?after=huge`);
    await vi.waitFor(async () => expect((await jobOf(apis[0]!.base, next)).status).toBe('done'), { timeout: 30_000, interval: 250 });
  });
});
