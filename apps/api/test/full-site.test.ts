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

  it('goes as far as the user chose: pages left out by pattern, fewer pages than the plan allows', async () => {
    const token = await tokenFor('monthly');
    const created = await t.app.inject({
      method: 'POST',
      url: '/jobs',
      payload: { url: site.url, mode: 'full', site: { exclude: ['/blog/**'], max_pages: 4 } },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(created.statusCode).toBe(202);
    const job = await t.app.services.jobsService.waitForFinish(created.json().id);
    expect(job.status).toBe('done');
    expect(job.result?.message).toContain('Stopped at the 4 pages you asked for.');
    const zip = await readZip((await t.app.inject(`/files/${job.id}`)).rawPayload);
    const manifest = JSON.parse(zip.get('sitezip-manifest.json')!.toString());
    expect(manifest.pages).toBe(4);
    expect([...zip.keys()].some((path) => path.includes('/blog/'))).toBe(false);
    expect(manifest.refused.counts.excluded).toBeGreaterThan(0);
  });

  it('refuses crawl options on a single page, and a pattern that is no path pattern', async () => {
    const headers = { authorization: `Bearer ${await tokenFor('monthly')}` };
    const single = await t.app.inject({ method: 'POST', url: '/jobs', payload: { url: site.url, site: { max_depth: 1 } }, headers });
    expect(single.statusCode).toBe(422);
    expect(single.json().detail).toBe('Crawl options (site) need mode "full".');
    const url = await t.app.inject({ method: 'POST', url: '/jobs', payload: { url: site.url, mode: 'full', site: { exclude: ['https://x.test/a'] } }, headers });
    expect(url.statusCode).toBe(422);
    expect(url.json().detail).toMatch(/^exclude: /);
    const deep = await t.app.inject({ method: 'POST', url: '/jobs', payload: { url: site.url, mode: 'full', site: { max_depth: 101 } }, headers });
    expect(deep.statusCode).toBe(422);
    expect(deep.json().detail).toBe('max_depth must be a whole number from 0 to 100');
  });
});
