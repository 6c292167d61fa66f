import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

describe.each(databaseKinds)('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_ACCOUNT: '5', AUTH_RATE_LIMIT_PER_IP: '1000' });
  });
  afterAll(() => t.close());

  const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/auth/register', payload });
  const login = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/auth/login', payload });
  const me = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/auth/me', headers: authorization ? { authorization } : {} });
  const secret = async () =>
    new TextEncoder().encode((JSON.parse(await readFile(join(t.dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string }).jwtSecret);

  it('registers a user and returns a token that works for /auth/me', async () => {
    const response = await register({ name: ' Ada Lovelace ', email: ' Ada@Example.COM ', password: 'analytical engine' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token_type).toBe('bearer');
    expect(Object.keys(body.user).sort()).toEqual(['created_at', 'email', 'id', 'name', 'subscription_status']);
    expect(body.user).toMatchObject({ name: 'Ada Lovelace', email: 'Ada@Example.COM', subscription_status: null });
    expect(new Date(body.user.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const current = await me(`Bearer ${body.access_token}`);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual(body.user);
  });

  it('refuses a second account for the same email, whatever its case and spaces', async () => {
    const response = await register({ name: 'Other', email: 'ada@example.com  ', password: 'something else' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'An account with this email already exists' });
  });

  it('validates name, email and password on the server', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'x@y.co', password: '12345678' }, 'Please fill in all fields'],
      [{ name: 'X', email: 'not an email', password: '12345678' }, 'Please enter a valid email address'],
      [{ name: 'X', email: 'x@y.co', password: '1234567' }, 'Password must be at least 8 characters long'],
      [{ name: 'X', email: 'x@y.co', password: 'x'.repeat(101) }, 'Password must be less than 100 characters long'],
      [{ name: 'X', email: 'x@y.co', password: 12345678 }, 'Please fill in all fields'],
    ];
    for (const [payload, detail] of cases) {
      const response = await register(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toEqual({ detail });
    }
    // 100 characters of four UTF-8 bytes each is still 100 characters.
    expect((await register({ name: 'Emoji', email: 'emoji@y.co', password: '😀'.repeat(100) })).statusCode).toBe(201);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('detail');
  });

  it('signs in with any case of the email and never tells which part was wrong', async () => {
    const ok = await login({ email: 'ADA@example.com', password: 'analytical engine' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('Ada@Example.COM');
    const wrongPassword = await login({ email: 'ada@example.com', password: 'difference engine' });
    const unknownEmail = await login({ email: 'nobody@example.com', password: 'difference engine' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ detail: 'Invalid email or password' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect((await login({ email: '', password: '' })).statusCode).toBe(422);
  });

  it('answers 401 for missing, malformed, tampered, unsigned, expired and orphaned tokens', async () => {
    const token = (await login({ email: 'ada@example.com', password: 'analytical engine' })).json().access_token as string;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const key = await secret();
    const noneHeader = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const expired = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(JSON.parse(new TextDecoder().decode(base64url.decode(payload))).sub).setIssuedAt(1_000).setExpirationTime(2_000).sign(key);
    const orphan = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(randomUUID()).setExpirationTime('1h').sign(key);
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    const attempts: (string | undefined)[] = [
      undefined,
      'Bearer',
      'Basic abc',
      'Bearer not-a-jwt',
      `Bearer ${header}.${payload}.${flipped}`,
      `Bearer ${noneHeader}.${payload}.`,
      `Bearer ${expired}`,
      `Bearer ${orphan}`,
    ];
    for (const authorization of attempts) {
      const response = await me(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(typeof response.json().detail).toBe('string');
    }
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it('rate-limits sign-in attempts per account with a clear 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login({ email: 'victim@example.com', password: 'guess' + i })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await login({ email: 'VICTIM@example.com', password: 'x' });
    expect(limited.json()).toEqual({ detail: 'Too many attempts. Please wait a minute and try again.' });
    // Another account from the same address is not affected.
    expect((await register({ name: 'B', email: 'bystander@example.com', password: 'bystander pw' })).statusCode).toBe(201);
    expect((await login({ email: 'bystander@example.com', password: 'bystander pw' })).statusCode).toBe(200);
  });
});

describe('auth rate limit per IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT_PER_IP: '3' });
  });
  afterAll(() => t.close());

  it('limits one address across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: `u${i}@example.com`, password: 'x' } });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const other = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '10.9.8.7',
      payload: { email: 'u9@example.com', password: 'x' },
    });
    expect(other.statusCode).toBe(401);
  });
});
