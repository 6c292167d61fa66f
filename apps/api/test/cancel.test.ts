import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { loadConfig } from '../src/config.js';
import { startCaptureWorker } from '../src/features/jobs/bull-worker.js';
import { createServices, type Services } from '../src/services.js';
import { gatedPage } from './support/gate.js';
import { readSse } from './support/sse.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { registerUser } from './support/users.js';
import { dropRedisKeys } from './support/redis-keys.js';

// One gate for every stuck capture in this file: it opens only in afterAll, so every job that
// finishes before then proves that a cancelled capture stopped without its page ever answering.
const gate = gatedPage('<p>never before cancel</p>');
let site: FixtureSite;

beforeAll(async () => {
  site = await serveFixture({ '/': { body: '<p>quick</p>' }, '/stuck': gate.route });
});
afterAll(async () => {
  gate.open();
  await site.close();
});

interface Created {
  id: string;
  status: string;
  cancel_token: string;
}

async function status(base: string, id: string): Promise<{ status: string; error: string | null; started_at: string | null }> {
  return (await fetch(`${base}/jobs/${id}`)).json() as never;
}

function cancel(base: string, id: string, body: object, headers: Record<string, string> = {}) {
  return fetch(`${base}/jobs/${id}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('cancel (embedded)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // One capture at a time: a job after a cancelled one can run only once the cancelled capture stopped.
    t = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', JOB_CONCURRENCY: '1', ANON_RATE_LIMIT: '1000' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const create = async (url: string, headers: Record<string, string> = {}): Promise<Created> => {
    const response = await fetch(`${base}/jobs`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ url }) });
    expect(response.status).toBe(202);
    return (await response.json()) as Created;
  };

  it('stops a running anonymous capture with its cancel token, frees its slot and keeps no file', async () => {
    const job = await create(`${site.origin}/stuck`);
    expect(job.cancel_token).toMatch(/^[\w-]{43}$/);
    // The token is shown once: reading the job again never reveals it.
    expect(await (await fetch(`${base}/jobs/${job.id}`)).json()).not.toHaveProperty('cancel_token');
    await vi.waitFor(async () => expect((await status(base, job.id)).status).toBe('running'), { timeout: 15_000, interval: 50 });
    const events = readSse(`${base}/jobs/${job.id}/events`);
    // The anonymous cap is 2 in progress per address: fill it.
    const second = await create(`${site.origin}/stuck?2`);
    const refused = await fetch(`${base}/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: site.url }) });
    expect(refused.status).toBe(429);

    expect((await cancel(base, job.id, {})).status).toBe(403);
    expect((await cancel(base, job.id, { cancel_token: second.cancel_token })).status).toBe(403);
    const stranger = await registerUser(t.app);
    expect((await cancel(base, job.id, {}, { authorization: stranger.authorization })).status).toBe(403);
    const done = await cancel(base, job.id, { cancel_token: job.cancel_token });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ id: job.id, status: 'cancelled', error: 'The download was cancelled.' });

    // Followers hear the end at once.
    const streamed = await events;
    expect(streamed.at(-1)).toMatchObject({ event: 'failed', data: { status: 'cancelled', error: 'The download was cancelled.' } });
    // Cancelling the queued second job too frees both slots of the address.
    expect((await cancel(base, second.id, { cancel_token: second.cancel_token })).status).toBe(200);
    expect((await status(base, second.id)).started_at).toBeNull();

    // The gate never opened, and there is one capture at a time: this job finishing proves the
    // cancelled capture stopped.
    const next = await create(site.url);
    const finished = await readSse(`${base}/jobs/${next.id}/events`);
    expect(finished.at(-1)?.event).toBe('done');

    expect(await status(base, job.id)).toMatchObject({ status: 'cancelled' });
    const files = await readdir(join(t.dataDir, 'files'));
    const staging = await readdir(join(t.dataDir, 'files', 'staging'));
    expect([...files, ...staging].filter((f) => f.startsWith(job.id) || f.startsWith(second.id))).toEqual([]);
    expect((await fetch(`${base}/files/${job.id}`)).status).toBe(404);
    // Again is harmless; a finished job cannot be cancelled; unknown ids are 404.
    expect((await cancel(base, job.id, { cancel_token: job.cancel_token })).status).toBe(200);
    const late = await cancel(base, next.id, { cancel_token: next.cancel_token });
    expect(late.status).toBe(409);
    expect((await late.json()).detail).toBe('This download has already finished.');
    expect((await cancel(base, 'AAAAAAAAAAAAAAAAAAAAAA', { cancel_token: job.cancel_token })).status).toBe(404);
    expect((await cancel(base, 'nope', {})).status).toBe(404);
  });

  it('lets a signed-in owner cancel with their Bearer token, and nobody else', async () => {
    const owner = await registerUser(t.app, 'monthly');
    const other = await registerUser(t.app, 'monthly');
    const job = await create(`${site.origin}/stuck?owner`, { authorization: owner.authorization });
    await vi.waitFor(async () => expect((await status(base, job.id)).status).toBe('running'), { timeout: 15_000, interval: 50 });
    expect((await cancel(base, job.id, {}, { authorization: other.authorization })).status).toBe(403);
    const response = await cancel(base, job.id, {}, { authorization: owner.authorization });
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe('cancelled');
    const next = await create(site.url, { authorization: owner.authorization });
    expect((await readSse(`${base}/jobs/${next.id}/events`)).at(-1)?.event).toBe('done');
  });

  it('stops the running captures of an account that is deleted, and keeps none of its files', async () => {
    const owner = await registerUser(t.app);
    const job = await create(`${site.origin}/stuck?deleted`, { authorization: owner.authorization });
    await vi.waitFor(async () => expect((await status(base, job.id)).status).toBe('running'), { timeout: 15_000, interval: 50 });
    const deleted = await fetch(`${base}/account`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: owner.authorization },
      body: JSON.stringify({ password: 'password1' }),
    });
    expect(deleted.status).toBe(204);
    expect((await fetch(`${base}/jobs/${job.id}`)).status).toBe(404);
    // One capture at a time: this one runs only because the deleted account's capture stopped.
    const next = await create(site.url);
    await vi.waitFor(async () => expect((await status(base, next.id)).status).toBe('done'), { timeout: 15_000, interval: 50 });
    expect(await t.app.services.store.stat(job.id)).toBeUndefined();
  });

  it('refuses a malformed body', async () => {
    const job = await create(`${site.origin}/stuck?body`);
    const response = await cancel(base, job.id, { cancel_token: 42 });
    expect(response.status).toBe(422);
    expect((await response.json()).detail).toBe('cancel_token must be a string');
    expect((await cancel(base, job.id, { cancel_token: job.cancel_token })).status).toBe(200);
  });
});

describe('cancel (scaled: API and worker on PostgreSQL and Redis)', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `sitezip-test-${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(32).toString('hex');
  let api: TestApp;
  let base: string;
  let worker: Services;
  let stopWorker: () => Promise<void>;

  beforeAll(async () => {
    const env = { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', REDIS_URL, QUEUE_PREFIX: prefix, JWT_SECRET: secret, ANON_RATE_LIMIT: '1000' };
    api = await createTestApp('postgres', env);
    base = await api.app.listen({ port: 0, host: '127.0.0.1' });
    // The worker's own services, as `sitezip-worker` builds them: its own Redis connections and database pool.
    const config = loadConfig({ ...env, DATABASE_URL: api.databaseUrl!, DATA_DIR: api.dataDir, JOB_CONCURRENCY: '1', LOG_LEVEL: 'silent' });
    worker = await createServices(config, pino({ level: 'silent' }));
    const consumer = startCaptureWorker(worker.runner, {
      connection: { url: REDIS_URL, maxRetriesPerRequest: null },
      prefix,
      concurrency: 1,
      lockMs: 30_000,
    });
    worker.runner.captures.warmUp();
    await consumer.waitUntilReady();
    stopWorker = async () => {
      await consumer.close(true);
      await worker.close();
    };
  }, 60_000);

  afterAll(async () => {
    await stopWorker?.();
    await api?.close();
    await dropRedisKeys(REDIS_URL, `${prefix}:*`);
  });

  it('stops a capture running in a worker and drops a queued job from the queue', { timeout: 60_000 }, async () => {
    const post = async (url: string): Promise<Created> => {
      const response = await fetch(`${base}/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
      expect(response.status).toBe(202);
      return (await response.json()) as Created;
    };
    const running = await post(`${site.origin}/stuck?scaled`);
    await vi.waitFor(async () => expect((await status(base, running.id)).status).toBe('running'), { timeout: 20_000, interval: 100 });
    const queued = await post(`${site.origin}/stuck?scaled-queued`);
    expect((await status(base, queued.id)).status).toBe('queued');
    expect((await cancel(base, queued.id, { cancel_token: queued.cancel_token })).status).toBe(200);
    expect(await api.app.services.queue.waitingCount()).toBe(0);

    const response = await cancel(base, running.id, { cancel_token: running.cancel_token });
    expect(response.status).toBe(200);
    // The worker runs one capture at a time and the gate is shut: this job finishes only if the
    // cancel reached the worker (through Redis) and its capture stopped.
    const next = await post(site.url);
    const events = await readSse(`${base}/jobs/${next.id}/events`);
    expect(events.at(-1)?.event).toBe('done');
    expect(await status(base, running.id)).toMatchObject({ status: 'cancelled', error: 'The download was cancelled.' });
    expect(await status(base, queued.id)).toMatchObject({ status: 'cancelled', started_at: null });
    expect(await worker.store.stat(running.id)).toBeUndefined();
  });
});
