import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * `template`: a PGlite data directory dump (what `dumpDataDir` writes) that a new in-memory
 * database starts from instead of PostgreSQL's initdb: 0.7 s of CPU instead of 2.4–4.4 s. The
 * tests start a few dozen (PGLITE_TEMPLATE, made by their global setup).
 */
export type DatabaseTarget = { kind: 'pglite'; dataDir: string; template?: string | undefined } | { kind: 'postgres'; url: string };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Any fixed number: every sitezip process that migrates takes the same advisory lock.
const MIGRATION_LOCK = 727_401;

/**
 * Opens the database and brings its schema up to date before anything else touches it.
 * `onIdleError` hears of pooled connections the server closed (a restart, a failover): the
 * pool drops them and opens new ones; without a listener they would crash the process.
 */
export async function openDatabase(target: DatabaseTarget, onIdleError: (error: Error) => void = () => undefined): Promise<Database> {
  if (target.kind === 'pglite') {
    const fromTemplate = target.template && target.dataDir.startsWith('memory://');
    const client = await PGlite.create(target.dataDir, fromTemplate ? { loadDataDir: new Blob([await readFile(target.template!)]) } : {});
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  pool.on('error', onIdleError);
  try {
    await migrateLocked(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg(pool, { schema });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

/** Several processes may start at once: only one runs the migrations, the others wait for it. */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
