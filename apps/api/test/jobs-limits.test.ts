import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { gatedPage } from './support/gate.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let site: FixtureSite;
const gate = gatedPage();
// A gate of its own for the queue test: opening the first one must not let its jobs finish.
const queueGate = gatedPage();

beforeAll(async () => {
  const big = Array.from({ length: 6 }, () => randomBytes(10 * 1024 * 1024));
  site = await serveFixture({
    '/': { body: '<p>small</p>' },
    '/slow': gate.route,
    '/slow2': queueGate.route,
    '/big': { body: big.map((_, i) => `<img src="/big${i}.png">`).join('') },
    ...Object.fromEntries(big.map((body, i) => [`/big${i}.png`, { type: 'image/png', body }])),
  });
});
afterAll(async () => {
  gate.open();
  queueGate.open();
  await site.close();
});

async function registerUser(t: TestApp, plan?: 'monthly' | 'yearly'): Promise<string> {
  const email = `${randomBytes(4).toString('hex')}@example.com`;
  const response = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { name: 'U', email, password: 'password1' } });
  if (plan) await t.app.services.admin.setPlan(email, plan);
  return `Bearer ${response.json().access_token}`;
}

describe('plan limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', ANON_RATE_LIMIT: '1000', JOB_CONCURRENCY: '5' });
  });
  afterAll(async () => {
    gate.open();
    await t.close();
  });

  const post = (payload: object, headers: Record<string, string> = {}, remoteAddress = '198.51.100.7') =>
    t.app.inject({ method: 'POST', url: '/jobs', payload, headers, remoteAddress });

  it('keeps Full Website for premium users', async () => {
    expect((await post({ url: site.url, mode: 'full' })).statusCode).toBe(403);
    const free = await registerUser(t);
    const refused = await post({ url: site.url, mode: 'full' }, { authorization: free });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/premium/);
    const premium = await registerUser(t, 'monthly');
    expect((await post({ url: site.url, mode: 'full' }, { authorization: premium })).statusCode).toBe(202);
    expect((await post({ url: site.url, mode: 'single' }, { authorization: 'Bearer forged' })).statusCode).toBe(401);
  });

  it('caps jobs in progress per user and per anonymous address', async () => {
    const user = await registerUser(t);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post({ url: `${site.origin}/slow` }, { authorization: user })).statusCode);
    expect(statuses).toEqual([202, 202, 429]);
    const anonymous = [];
    for (let i = 0; i < 3; i++) anonymous.push((await post({ url: `${site.origin}/slow` }, {}, '203.0.113.9')).statusCode);
    expect(anonymous).toEqual([202, 202, 429]);
    const refusal = await post({ url: `${site.origin}/slow` }, {}, '203.0.113.9');
    expect(refusal.json().detail).toMatch(/already have 2 downloads in progress/);
  });

  it('stops a capture at the plan ZIP size with a clear message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/download', payload: { url: `${site.origin}/big` } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/Stopped at the 50 MB limit of your plan/);
  });
});

describe('anonymous rate limit and a full queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', ANON_RATE_LIMIT: '3', JOB_CONCURRENCY: '1', JOB_QUEUE_MAX: '1' });
  });
  afterAll(async () => {
    queueGate.open();
    await t.close();
  });

  it('answers 429 past the per-address limit and 503 when the queue is full', async () => {
    const ask = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/jobs', payload: { url: `${site.origin}/slow2` }, remoteAddress });
    const first = await ask('192.0.2.1'); // runs (and waits at the gate)
    const second = await ask('192.0.2.2'); // waits in the queue
    const third = await ask('192.0.2.3'); // no room
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([202, 202, 503]);
    expect(third.json().detail).toMatch(/busy/);
    const limited = [];
    for (let i = 0; i < 4; i++) limited.push((await ask('192.0.2.4')).statusCode);
    expect(limited.at(-1)).toBe(429);
    const last = await ask('192.0.2.4');
    expect(last.json().detail).toMatch(/Too many downloads/);
  });
});
