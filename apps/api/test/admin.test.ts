import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs `npm run admin -- ...` as an operator would (the same command, without npm's banner). */
function admin(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/api/src/admin.ts', ...args],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run admin (embedded PGlite)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sitezip-admin-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  // Five admin processes, each loading the API's TypeScript through tsx and most opening PGlite
  // themselves (about 6 s of CPU each): minutes when the machine is shared with another file.
  it('sets plans through a running server, and directly when it is stopped', { timeout: 240_000 }, async () => {
    const env = { DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'none'), PASSWORD_HASH_COST: '12', LOG_LEVEL: 'silent' };
    const app = await buildApp(loadConfig(env));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const registered = await app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: { name: 'Grace', email: 'grace@example.com', password: 'compiler1' },
      });
      expect(registered.statusCode).toBe(201);
      const viaServer = await admin(['set-plan', 'GRACE@example.com', 'monthly'], env);
      expect(viaServer.stderr).toBe('');
      expect(viaServer.stdout).toMatch(/^grace@example\.com\tmonthly\tGrace/);
      const token = registered.json().access_token as string;
      const me = await app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.json().subscription_status).toBe('monthly');
      const forged = await app.inject({ method: 'GET', url: '/admin/users', headers: { 'x-admin-token': 'guess' } });
      expect(forged.statusCode).toBe(401);
    } finally {
      await app.close();
    }
    const direct = await admin(['set-plan', 'grace@example.com', 'yearly'], env);
    expect(direct.code).toBe(0);
    const listed = await admin(['list-users'], env);
    expect(listed.stdout).toMatch(/^grace@example\.com\tyearly\tGrace/);
    expect((await admin(['set-plan', 'nobody@example.com', 'yearly'], env)).stderr).toMatch(/No user with email/);
    const bad = await admin(['set-plan', 'grace@example.com', 'gold'], env);
    expect(bad.code).toBe(2);
  });
});

describe('npm run admin (PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  // An app and an admin process that both migrate PostgreSQL: over 30 s on a busy machine.
  it('works on DATABASE_URL with or without a server', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sitezip-admin-pg-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, PASSWORD_HASH_COST: '12', LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'none') };
    const app = await buildApp(loadConfig(env));
    try {
      await app.inject({ method: 'POST', url: '/auth/register', payload: { name: 'Lin', email: 'lin@example.com', password: 'password1' } });
      const result = await admin(['set-plan', 'lin@example.com', 'yearly'], env);
      expect(result.stdout).toMatch(/^lin@example\.com\tyearly/);
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
