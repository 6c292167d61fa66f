import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { gatedPage } from './support/gate.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { registerUser } from './support/users.js';

// "Priority processing" on the paid plans: with every capture slot taken, a paying user's job
// that was queued later starts before a free one that was queued first.
const gate = gatedPage('<p>held</p>');
let site: FixtureSite;
let t: TestApp;
let base: string;

beforeAll(async () => {
  site = await serveFixture({ '/': { body: '<p>page</p>' }, '/held': gate.route });
  t = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', JOB_CONCURRENCY: '1', ANON_RATE_LIMIT: '1000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  gate.open();
  await t.close();
  await site.close();
});

interface JobView {
  id: string;
  status: string;
  started_at: string | null;
}

async function create(url: string, authorization?: string): Promise<JobView> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) };
  const response = await fetch(`${base}/jobs`, { method: 'POST', headers, body: JSON.stringify({ url }) });
  expect(response.status).toBe(202);
  return (await response.json()) as JobView;
}

const read = async (id: string) => (await (await fetch(`${base}/jobs/${id}`)).json()) as JobView;

describe('queue priority', () => {
  it('starts a paying user’s job before a free user’s that waited longer', async () => {
    const blocker = await create(`${site.origin}/held`);
    await vi.waitFor(async () => expect((await read(blocker.id)).status).toBe('running'), { timeout: 15_000, interval: 50 });
    const free = await create(`${site.url}?free`, (await registerUser(t.app)).authorization);
    const paying = await create(`${site.url}?paying`, (await registerUser(t.app, 'monthly')).authorization);
    gate.open();
    await vi.waitFor(async () => expect((await read(free.id)).status).toBe('done'), { timeout: 30_000, interval: 50 });
    const [freeJob, payingJob] = [await read(free.id), await read(paying.id)];
    expect(payingJob.status).toBe('done');
    expect(Date.parse(payingJob.started_at!)).toBeLessThan(Date.parse(freeJob.started_at!));
  });
});
