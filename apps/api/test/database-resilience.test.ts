import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ADMIN_URL } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp('postgres');
});
afterAll(async () => {
  await testApp.close();
});

const register = (email: string) =>
  testApp.app.inject({ method: 'POST', url: '/auth/register', payload: { name: 'Pat', email, password: 'longenough' } });

describe('PostgreSQL closing the connections (a restart, a failover)', () => {
  it('keeps the server up and serving on new connections', async () => {
    expect((await register('before@example.com')).statusCode).toBe(201);
    const database = new URL(testApp.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      const killed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // A request may still meet a connection that died before the pool heard of it; each such
    // failure removes one, and the pool holds at most 10.
    let status = 0;
    for (let attempt = 0; attempt <= 10 && status !== 201; attempt++) status = (await register(`after${attempt}@example.com`)).statusCode;
    expect(status).toBe(201);
  });
});
