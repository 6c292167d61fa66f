import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** The PostgreSQL database of a 'postgres' app. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** An in-memory PGlite, started from the template the global setup made (global-setup.ts). */
export const inMemoryPglite = (): Record<string, string> => ({ PGLITE_DATA_DIR: 'memory://', PGLITE_TEMPLATE: process.env.PGLITE_TEMPLATE ?? '' });

/** The real app on PGlite (in memory) or on a fresh PostgreSQL database, with fast password hashing. */
export async function createTestApp(kind: 'pglite' | 'postgres', env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sitezip-api-'));
  let database: TestDatabase | undefined;
  const dbEnv: Record<string, string> =
    kind === 'postgres' ? { DATABASE_URL: (database = await createTestDatabase()).url } : inMemoryPglite();
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      PASSWORD_HASH_COST: '12',
      ...dbEnv,
      ...env,
    }),
  );
  return {
    app,
    dataDir,
    ...(database ? { databaseUrl: database.url } : {}),
    async close() {
      await app.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
