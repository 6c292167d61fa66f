import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin-command.js';
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

/** The same command in this process, its output kept (the cases that need no second process). */
async function adminHere(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const code = await runAdmin(args, { ...process.env, LOG_LEVEL: 'silent', ...env }, {
    log: (line) => void (out.stdout += `${line}\n`),
    error: (line) => void (out.stderr += `${line}\n`),
  });
  return { code, ...out };
}

describe('npm run admin (embedded PGlite)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sitezip-admin-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  // Two admin processes, each loading the API's TypeScript through tsx and one opening PGlite
  // itself (about 6 s of CPU each): the command as an operator runs it, through a running server
  // and on the database. Its other answers are the same code, run here.
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
      // Still through the server: listed, and an unknown user is an error.
      expect((await adminHere(['list-users'], env)).stdout).toMatch(/^grace@example\.com\tmonthly\tGrace/);
      expect(await adminHere(['set-plan', 'nobody@example.com', 'yearly'], env)).toMatchObject({ code: 1, stderr: expect.stringMatching(/No user with email/) });
    } finally {
      await app.close();
    }
    const direct = await admin(['set-plan', 'grace@example.com', 'yearly'], env);
    expect(direct.code).toBe(0);
    const listed = await adminHere(['list-users'], env);
    expect(listed.stdout).toMatch(/^grace@example\.com\tyearly\tGrace/);
    expect(await adminHere(['set-plan', 'nobody@example.com', 'yearly'], env)).toMatchObject({ code: 1, stderr: expect.stringMatching(/No user with email/) });
    const bad = await adminHere(['set-plan', 'grace@example.com', 'gold'], env);
    expect(bad.code).toBe(2);
  });
});

describe('npm run admin (PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('works on DATABASE_URL with or without a server', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sitezip-admin-pg-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, PASSWORD_HASH_COST: '12', LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'none') };
    const app = await buildApp(loadConfig(env));
    try {
      await app.inject({ method: 'POST', url: '/auth/register', payload: { name: 'Lin', email: 'lin@example.com', password: 'password1' } });
      const result = await adminHere(['set-plan', 'lin@example.com', 'yearly'], env);
      expect(result.stdout).toMatch(/^lin@example\.com\tyearly/);
    } finally {
      await app.close();
    }
    try {
      expect((await adminHere(['list-users'], env)).stdout).toMatch(/^lin@example\.com\tyearly\tLin/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
