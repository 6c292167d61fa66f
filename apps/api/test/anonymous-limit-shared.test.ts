import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { gatedPage } from './support/gate.js';

const gate = gatedPage();
let site: FixtureSite;
let database: TestDatabase;
let dataDir: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  site = await serveFixture({ '/slow': gate.route });
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'sitezip-shared-'));
  // Two API processes on one database, as behind a load balancer.
  for (const name of ['a', 'b']) {
    const config = loadConfig({
      DATA_DIR: join(dataDir, name),
      DATABASE_URL: database.url,
      WEB_DIST: join(dataDir, 'none'),
      JWT_SECRET: 'the-same-secret-on-every-process-of-this-deployment',
      LOG_LEVEL: 'silent',
      SITEZIP_ALLOW_PRIVATE_NETWORKS: '1',
      ANON_RATE_LIMIT: '1000',
      JOB_CONCURRENCY: '5',
    });
    apps.push(await buildApp(config));
  }
}, 30_000);
afterAll(async () => {
  gate.open();
  await Promise.all(apps.map((app) => app.close()));
  await site.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const post = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/jobs', payload: { url: `${site.origin}/slow` }, remoteAddress });

describe('anonymous jobs in progress', () => {
  it('are counted per address across API processes, without keeping the address', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    expect((await post(a, '203.0.113.20')).statusCode).toBe(202);
    expect((await post(a, '203.0.113.20')).statusCode).toBe(202);
    const third = await post(b, '203.0.113.20');
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toMatch(/already have 2 downloads in progress/);
    expect((await post(b, '203.0.113.21')).statusCode).toBe(202);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ requester: string }>('SELECT requester FROM jobs');
      expect(rows).toHaveLength(3);
      for (const { requester } of rows) expect(requester).not.toContain('203.0.113');
      expect(new Set(rows.map((r) => r.requester)).size).toBe(2);
      // The hash only counts jobs in progress: a finished job keeps none.
      gate.open();
      await Promise.all(
        (await client.query<{ id: string }>('SELECT id FROM jobs')).rows.map(({ id }) => a.services.jobsService.waitForFinish(id)),
      );
      const after = await client.query('SELECT requester FROM jobs WHERE requester IS NOT NULL');
      expect(after.rows).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
