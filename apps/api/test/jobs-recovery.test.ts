import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';

let site: FixtureSite;
let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  site = await serveFixture({ '/': { body: '<p>recovered</p>' } });
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'sitezip-recovery-'));
});
afterAll(async () => {
  await site.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const config = () =>
  loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    WEB_DIST: join(dataDir, 'none'),
    LOG_LEVEL: 'silent',
    SITEZIP_ALLOW_PRIVATE_NETWORKS: '1',
  });

describe('a restart with jobs in flight', () => {
  it('runs queued and interrupted jobs again, and fails those interrupted twice', async () => {
    // The state a crash leaves behind: one job queued, one running, one running for the second time.
    const before = await buildApp(config());
    const repo = before.services.jobs;
    const make = (id: string) => repo.create({ id, ownerId: null, url: site.url, mode: 'single', plan: 'free' });
    await make('queuedAAAAAAAAAAAAAAAA');
    await make('runningAAAAAAAAAAAAAAA');
    await make('twiceAAAAAAAAAAAAAAAAA');
    await repo.markRunning('runningAAAAAAAAAAAAAAA');
    await repo.markRunning('twiceAAAAAAAAAAAAAAAAA');
    await repo.requeue('twiceAAAAAAAAAAAAAAAAA');
    await repo.markRunning('twiceAAAAAAAAAAAAAAAAA');
    await before.close();

    const after = await buildApp(config());
    try {
      const service = after.services.jobsService;
      const [queued, running, twice] = await Promise.all(
        ['queuedAAAAAAAAAAAAAAAA', 'runningAAAAAAAAAAAAAAA', 'twiceAAAAAAAAAAAAAAAAA'].map((id) => service.waitForFinish(id)),
      );
      expect(queued!.status).toBe('done');
      expect(running!.status).toBe('done');
      expect(running!.attempts).toBe(2);
      expect(twice!.status).toBe('failed');
      expect(twice!.error).toBe('The server restarted while this download was running. Please try again.');
      const view = await after.inject('/jobs/runningAAAAAAAAAAAAAAA');
      expect(view.json().result.download_url).toBe('/files/runningAAAAAAAAAAAAAAA');
      expect((await after.inject('/files/runningAAAAAAAAAAAAAAA')).statusCode).toBe(200);
    } finally {
      await after.close();
    }
  });
});
