import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';
import { dropRedisKeys } from './support/redis-keys.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `sitezip-limits-${randomBytes(4).toString('hex')}`;
let apiA: TestApp;
let apiB: TestApp;

beforeAll(async () => {
  const env = { REDIS_URL, QUEUE_PREFIX: prefix, AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_ACCOUNT: '100' };
  [apiA, apiB] = await Promise.all([createTestApp('postgres', env), createTestApp('postgres', env)]);
}, 30_000);
afterAll(async () => {
  await Promise.all([apiA?.close(), apiB?.close()]);
  await dropRedisKeys(REDIS_URL, `${prefix}*`);
});

const login = (api: TestApp) =>
  api.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'nobody@example.com', password: 'wrong password' } });

describe('rate limits with several API processes (REDIS_URL)', () => {
  it('counts sign-in attempts from one address across all of them', async () => {
    expect((await login(apiA)).statusCode).toBe(401);
    expect((await login(apiA)).statusCode).toBe(401);
    expect((await login(apiB)).statusCode).toBe(401);
    // The fourth attempt is over the limit of 3, though it is only the second on this process.
    const fourth = await login(apiB);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ detail: 'Too many attempts. Please wait a minute and try again.' });
  });
});
