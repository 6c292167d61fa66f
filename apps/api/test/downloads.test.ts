import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloadHistory } from '@sitezip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { gatedPage } from './support/gate.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { registerUser, type TestUser } from './support/users.js';

const gate = gatedPage();
let site: FixtureSite;
let t: TestApp;

beforeAll(async () => {
  site = await serveFixture({ '/': { body: '<p>history</p>' }, '/stuck': gate.route });
  t = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', JOB_CONCURRENCY: '3', ANON_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  gate.open();
  await t.close();
  await site.close();
});

/** Runs `count` downloads one after another as `user`, each of its own URL; returns their ids, oldest first. */
async function download(user: TestUser | undefined, count: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/download',
      payload: { url: `${site.url}?${tag}=${i}` },
      headers: user ? { authorization: user.authorization } : {},
    });
    expect(response.statusCode, response.body).toBe(200);
    ids.push(response.json().download_url.split('/').pop());
  }
  return ids;
}

async function history(user: TestUser, query = ''): Promise<DownloadHistory> {
  const response = await t.app.inject({ method: 'GET', url: `/downloads${query}`, headers: { authorization: user.authorization } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /downloads', () => {
  let yearly: TestUser;
  let yearlyIds: string[];
  let free: TestUser;
  let freeIds: string[];
  beforeAll(async () => {
    yearly = await registerUser(t.app, 'yearly');
    free = await registerUser(t.app);
    yearlyIds = await download(yearly, 7, 'y');
    freeIds = await download(free, 7, 'f');
    await download(undefined, 1, 'anonymous');
    // Fifteen captures one after another, each in a process of its own (a third of a second of
    // CPU to start): several seconds on a quiet machine, far more beside another file.
  }, 180_000);

  it('needs a signed-in user and valid paging', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/downloads' })).statusCode).toBe(401);
    for (const query of ['?limit=0', '?limit=101', '?page=0', '?page=abc', '?limit=2.5']) {
      const response = await t.app.inject({ method: 'GET', url: `/downloads${query}`, headers: { authorization: yearly.authorization } });
      expect(response.statusCode, query).toBe(422);
    }
  });

  it('pages through the full history of a yearly user, newest first', async () => {
    const first = await history(yearly, '?page=1&limit=3');
    expect(first).toMatchObject({ page: 1, limit: 3, total: 7, limited: false, upgrade_message: null });
    expect(first.items.map((i) => i.id)).toEqual(yearlyIds.slice().reverse().slice(0, 3));
    const item = first.items[0]!;
    const size = (await t.app.services.store.stat(item.id))!.bytes;
    expect(item).toMatchObject({
      url: `${site.url}?y=6`,
      mode: 'single',
      status: 'done',
      size_bytes: size,
      download_url: `/files/${item.id}`,
      preview_url: `/preview/${item.id}/`,
      filename: '127.0.0.1.zip',
      error: null,
      bulk_id: null,
    });
    expect(Date.parse(item.expires_at!)).toBeGreaterThan(Date.parse(item.created_at));
    const second = await history(yearly, '?page=2&limit=3');
    const third = await history(yearly, '?page=3&limit=3');
    expect([...first.items, ...second.items, ...third.items].map((i) => i.id)).toEqual(yearlyIds.slice().reverse());
    expect((await history(yearly, '?page=4&limit=3')).items).toEqual([]);
    // Someone else's and anonymous downloads are never in it.
    expect((await history(yearly, '?limit=100')).items.map((i) => i.url).every((u) => u.includes('?y='))).toBe(true);
  });

  it('shows other plans their running downloads and the last five, and says the history is limited', async () => {
    const running = await t.app.inject({ method: 'POST', url: '/jobs', payload: { url: `${site.origin}/stuck` }, headers: { authorization: free.authorization } });
    expect(running.statusCode).toBe(202);
    const runningId = running.json().id as string;
    const limited = await history(free);
    expect(limited.limited).toBe(true);
    expect(limited.upgrade_message).toMatch(/Upgrade to Yearly for your full download history/);
    expect(limited.total).toBe(6);
    expect(limited.items.map((i) => i.id)).toEqual([runningId, ...freeIds.slice().reverse().slice(0, 5)]);
    expect(limited.items[0]).toMatchObject({ download_url: null, size_bytes: null });
    expect(['queued', 'running']).toContain(limited.items[0]!.status);
    expect((await history(free, '?page=2&limit=4')).items.map((i) => i.id)).toEqual(freeIds.slice().reverse().slice(3, 5));
    // A running download cannot be deleted; the owner cancels it first.
    const busy = await t.app.inject({ method: 'DELETE', url: `/downloads/${runningId}`, headers: { authorization: free.authorization } });
    expect(busy.statusCode).toBe(409);
    const cancelled = await t.app.inject({ method: 'POST', url: `/jobs/${runningId}/cancel`, payload: {}, headers: { authorization: free.authorization } });
    expect(cancelled.statusCode).toBe(200);
    expect((await history(free)).items[0]).toMatchObject({ id: runningId, status: 'cancelled', error: 'The download was cancelled.' });
    // Upgraded to yearly, the whole history shows.
    await t.app.services.admin.setPlan(free.email, 'yearly');
    expect(await history(free)).toMatchObject({ total: 8, limited: false });
    await t.app.services.admin.setPlan(free.email, 'free');
  });

  it('deletes a download (file and record) for its owner only', async () => {
    const id = yearlyIds[0]!;
    const zip = join(t.dataDir, 'files', `${id}.zip`);
    await access(zip);
    const other = await t.app.inject({ method: 'DELETE', url: `/downloads/${id}`, headers: { authorization: free.authorization } });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/downloads/${id}` })).statusCode).toBe(401);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/downloads/${id}`, headers: { authorization: yearly.authorization } });
    expect(deleted.statusCode).toBe(204);
    await expect(access(zip)).rejects.toThrow();
    expect((await t.app.inject({ method: 'GET', url: `/files/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/jobs/${id}` })).statusCode).toBe(404);
    const after = await history(yearly, '?limit=100');
    expect(after.total).toBe(6);
    expect(after.items.map((i) => i.id)).not.toContain(id);
    const again = await t.app.inject({ method: 'DELETE', url: `/downloads/${id}`, headers: { authorization: yearly.authorization } });
    expect(again.statusCode).toBe(404);
  });

  it('marks downloads expired once their file is due, without links', async () => {
    const swept = await t.app.services.sweeper.sweep(new Date(Date.now() + 2 * 3600_000));
    expect(swept).toBeGreaterThan(0);
    const items = (await history(yearly, '?limit=100')).items;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item).toMatchObject({ status: 'expired', download_url: null, preview_url: null });
    // An expired download can still be removed from the history.
    const id = items[0]!.id;
    const response = await t.app.inject({ method: 'DELETE', url: `/downloads/${id}`, headers: { authorization: yearly.authorization } });
    expect(response.statusCode).toBe(204);
  });
});
