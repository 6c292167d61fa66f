import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteFixture } from '../../../packages/archiver/test/site.fixture.js';
import { serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../../../packages/archiver/test/support/read-zip.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let site: FixtureSite;
let t: TestApp;
beforeAll(async () => {
  site = await serveFixture(siteFixture('http://127.0.0.1:9'));
  t = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

async function tokenFor(plan: 'free' | 'monthly' | 'yearly'): Promise<string> {
  const email = `${plan}-${randomBytes(4).toString('hex')}@example.com`;
  const registered = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { name: plan, email, password: 'password1' } });
  await t.app.services.admin.setPlan(email, plan);
  return registered.json().access_token as string;
}

describe('Full Website entitlement', () => {
  it('is refused to anonymous and free users with a clear 403', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/download', payload: { url: site.url, mode: 'full' } });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().detail).toBe('Full Website downloads need a premium plan (monthly or yearly).');
    const free = await t.app.inject({
      method: 'POST',
      url: '/download',
      payload: { url: site.url, mode: 'full' },
      headers: { authorization: `Bearer ${await tokenFor('free')}` },
    });
    expect(free.statusCode).toBe(403);
  });

  it.each(['monthly', 'yearly'] as const)('mirrors the site for a %s user, with page progress', async (plan) => {
    const token = await tokenFor(plan);
    const created = await t.app.inject({
      method: 'POST',
      url: '/jobs',
      payload: { url: site.url, mode: 'full' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(created.statusCode).toBe(202);
    const job = await t.app.services.jobsService.waitForFinish(created.json().id);
    expect(job.status).toBe('done');
    expect(job.result?.message).toMatch(/^Saved \d+ pages, /);
    expect(job.progress?.pagesDone).toBeGreaterThan(5);
    const zip = await readZip((await t.app.inject(`/files/${job.id}`)).rawPayload);
    const host = `127.0.0.1_${new URL(site.url).port}`;
    expect(zip.get('index.html')?.toString()).toContain(`href="${host}/about/index.html"`);
    expect(zip.has(`${host}/blog/post-2/index.html`)).toBe(true);
  });
});
