import type { BulkView } from '@sitezip/contracts';
import { planLimits } from '@sitezip/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PNG_1PX, serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../../../packages/archiver/test/support/read-zip.js';
import { gatedPage } from './support/gate.js';
import { startTestS3, type TestS3 } from './support/s3.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { registerUser, type TestUser } from './support/users.js';

const gate = gatedPage();
let a: FixtureSite;
let b: FixtureSite;

beforeAll(async () => {
  a = await serveFixture({
    '/': { body: '<title>A</title><link rel=stylesheet href=s.css><img src=a.png><p>site a</p>' },
    '/s.css': { type: 'text/css', body: 'p{color:red}' },
    '/a.png': { type: 'image/png', body: PNG_1PX },
    '/other': { body: '<p>a, other page</p>' },
    '/stuck': gate.route,
  });
  b = await serveFixture({ '/': { body: '<p>site b</p>' } });
});
afterAll(async () => {
  gate.open();
  await a.close();
  await b.close();
});

const folder = (site: FixtureSite) => `127.0.0.1_${new URL(site.origin).port}`;

function post(t: TestApp, payload: object, user?: TestUser) {
  return t.app.inject({ method: 'POST', url: '/bulk', payload, headers: user ? { authorization: user.authorization } : {} });
}

async function bulkOf(t: TestApp, id: string, user: TestUser): Promise<BulkView> {
  const response = await t.app.inject({ method: 'GET', url: `/bulk/${id}`, headers: { authorization: user.authorization } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function finished(t: TestApp, id: string, user: TestUser): Promise<BulkView> {
  return vi.waitFor(
    async () => {
      const view = await bulkOf(t, id, user);
      if (view.status !== 'done' && view.status !== 'failed') throw new Error(`bulk is ${view.status}`);
      return view;
    },
    { timeout: 60_000, interval: 200 },
  );
}

/** Downloads the combined ZIP and checks a folder per site and an index.html linking them. */
async function expectCombinedZip(t: TestApp, view: BulkView): Promise<void> {
  expect(view.zip).toMatchObject({ download_url: `/bulk/${view.id}/zip`, filename: expect.stringMatching(/^sitezip-bulk-\d{4}-\d\d-\d\d\.zip$/) });
  const response = await t.app.inject({ method: 'GET', url: view.zip!.download_url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${view.zip!.filename}"`);
  expect(response.rawPayload.length).toBe(view.zip!.size_bytes);
  const zip = await readZip(response.rawPayload);
  const index = zip.get('index.html')!.toString();
  expect(zip.get(`${folder(a)}/index.html`)?.toString()).toContain('<p>site a</p>');
  expect(zip.get(`${folder(a)}/${folder(a)}/s.css`)?.toString()).toBe('p{color:red}');
  expect(zip.get(`${folder(a)}/${folder(a)}/a.png`)).toEqual(PNG_1PX);
  expect(zip.get(`${folder(a)}/sitezip-manifest.json`)).toBeDefined();
  expect(zip.get(`${folder(b)}/index.html`)?.toString()).toContain('<p>site b</p>');
  // The same host twice gets a second folder.
  expect(zip.get(`${folder(a)}-2/index.html`)?.toString()).toContain('<p>a, other page</p>');
  const links = [...index.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
  expect(links).toEqual([`${folder(a)}/index.html`, `${folder(b)}/index.html`, `${folder(a)}-2/index.html`]);
  for (const link of links) expect(zip.has(link!)).toBe(true);
  expect(index).toContain(`${a.origin}/missing`);
  expect(index).toMatch(/not included: The page was not found on 127\.0\.0\.1:\d+ \(HTTP 404\)/);
  // Every entry of the combined ZIP is in a site's folder, or is the index.
  const folders = new Set([folder(a), folder(b), `${folder(a)}-2`]);
  for (const path of zip.keys()) expect(path === 'index.html' || folders.has(path.split('/')[0]!), path).toBe(true);
  // A range of it, as for a job's ZIP.
  const part = await t.app.inject({ method: 'GET', url: view.zip!.download_url, headers: { range: 'bytes=0-3' } });
  expect(part.statusCode).toBe(206);
  expect(part.rawPayload).toEqual(response.rawPayload.subarray(0, 4));
}

const sites = () => [a.url, b.url, `${a.origin}/other`, `${a.origin}/missing`];

describe('POST /bulk (local files)', () => {
  let t: TestApp;
  let yearly: TestUser;
  beforeAll(async () => {
    t = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', JOB_CONCURRENCY: '2' });
    yearly = await registerUser(t.app, 'yearly');
  });
  afterAll(() => t.close());

  it('is for signed-in Yearly users, up to the plan number of sites', async () => {
    expect((await post(t, { urls: [a.url] })).statusCode).toBe(401);
    for (const plan of [undefined, 'monthly'] as const) {
      const refused = await post(t, { urls: [a.url] }, await registerUser(t.app, plan));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe('Bulk download is part of the Yearly plan. Upgrade to Yearly to download several sites at once.');
    }
    const max = planLimits.yearly.bulkSites;
    expect(max).toBe(10);
    const tooMany = await post(t, { urls: Array.from({ length: max + 1 }, (_, i) => `${a.url}?${i}`) }, yearly);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toBe('You can download up to 10 sites at once (you sent 11).');
    const bad = await post(t, { urls: [a.url, 'ftp://example.com'] }, yearly);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('Line 2: URL must use HTTP or HTTPS protocol');
    expect((await post(t, { urls: [] }, yearly)).statusCode).toBe(422);
    expect((await post(t, { urls: 'x' }, yearly)).statusCode).toBe(422);
    expect((await post(t, { urls: [a.url], mode: 'zip' }, yearly)).statusCode).toBe(422);
  });

  it('runs one job per site and builds one ZIP with a folder per site and an index', { timeout: 90_000 }, async () => {
    const created = await post(t, { urls: sites(), mode: 'single' }, yearly);
    expect(created.statusCode, created.body).toBe(202);
    const bulk = created.json() as BulkView;
    expect(bulk.jobs.map((j) => j.url)).toEqual(sites());
    expect(bulk.zip).toBeNull();
    // One bulk at a time, and only its owner sees it.
    expect((await post(t, { urls: [a.url] }, yearly)).statusCode).toBe(429);
    const stranger = await registerUser(t.app, 'yearly');
    expect((await t.app.inject({ method: 'GET', url: `/bulk/${bulk.id}`, headers: { authorization: stranger.authorization } })).statusCode).toBe(404);

    const view = await finished(t, bulk.id, yearly);
    expect(view.status).toBe('done');
    expect(view.jobs.map((j) => j.status)).toEqual(['done', 'done', 'done', 'failed']);
    // The separate ZIPs stay beside the combined one.
    for (const job of view.jobs.slice(0, 3)) {
      expect((await t.app.inject({ method: 'GET', url: job.result!.download_url })).statusCode).toBe(200);
    }
    await expectCombinedZip(t, view);
    // The bulk's jobs are in the owner's history, marked with their bulk.
    const history = await t.app.inject({ method: 'GET', url: '/downloads', headers: { authorization: yearly.authorization } });
    expect(history.json().items.filter((i: { bulk_id: string | null }) => i.bulk_id === bulk.id)).toHaveLength(4);
    // It expires like any ZIP.
    await t.app.services.sweeper.sweep(new Date(Date.now() + 2 * 3600_000));
    expect((await t.app.inject({ method: 'GET', url: view.zip!.download_url })).statusCode).toBe(410);
    expect((await bulkOf(t, bulk.id, yearly)).zip).toBeNull();
  });

  it('holds jobs beyond the owner concurrent slots in the queue and runs them as slots free', { timeout: 90_000 }, async () => {
    const user = await registerUser(t.app, 'yearly');
    const slots = planLimits.yearly.maxConcurrentJobs;
    const stuck: string[] = [];
    for (let i = 0; i < slots - 1; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/jobs', payload: { url: `${a.origin}/stuck?${i}` }, headers: { authorization: user.authorization } });
      expect(response.statusCode).toBe(202);
      stuck.push(response.json().id);
    }
    const created = await post(t, { urls: sites() }, user);
    expect(created.statusCode, created.body).toBe(202);
    const jobIds = (created.json() as BulkView).jobs.map((j) => j.id);
    const held = async () => (await Promise.all(jobIds.map((id) => t.app.services.jobs.get(id)))).map((r) => r!.held);
    // One slot was free: the first site is in the run queue, the others wait for slots.
    expect(await held()).toEqual([false, true, true, true]);
    expect((await t.app.inject({ method: 'GET', url: `/bulk/${created.json().id}`, headers: { authorization: user.authorization } })).json().jobs.map((j: { status: string }) => j.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
    // No quick download beside them: the slots are taken.
    const quick = await t.app.inject({ method: 'POST', url: '/jobs', payload: { url: a.url }, headers: { authorization: user.authorization } });
    expect(quick.statusCode).toBe(429);
    // Two slots free up: two more sites go to the queue.
    for (const id of stuck.slice(0, 2)) {
      expect((await t.app.inject({ method: 'POST', url: `/jobs/${id}/cancel`, payload: {}, headers: { authorization: user.authorization } })).statusCode).toBe(200);
    }
    await vi.waitFor(async () => expect((await held()).filter(Boolean)).toHaveLength(1), { timeout: 10_000, interval: 100 });
    for (const id of stuck.slice(2)) {
      await t.app.inject({ method: 'POST', url: `/jobs/${id}/cancel`, payload: {}, headers: { authorization: user.authorization } });
    }
    const view = await finished(t, created.json().id, user);
    expect(view.jobs.map((j) => j.status)).toEqual(['done', 'done', 'done', 'failed']);
    await expectCombinedZip(t, view);
  });
});

describe('POST /bulk (S3 store)', () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', JOB_CONCURRENCY: '2', ...s3.env, S3_PREFIX: 'bulk-test/' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('streams the combined ZIP from the sites ZIPs in the bucket', { timeout: 90_000 }, async () => {
    const user = await registerUser(t.app, 'yearly');
    const created = await post(t, { urls: sites() }, user);
    expect(created.statusCode, created.body).toBe(202);
    const view = await finished(t, created.json().id, user);
    expect(view.status).toBe('done');
    await expectCombinedZip(t, view);
  });
});
