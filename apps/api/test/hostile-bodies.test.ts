import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from './support/databases.js';
import { StripeTestServer } from './support/stripe-server.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Every route the app registers, seen through fastify's onRoute hook on each app built here.
const routes = vi.hoisted(() => new Map<string, { method: string; url: string }>());
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof import('fastify')>();
  const listing = ((options?: object) =>
    fastify.default(options).addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, { method, url: route.url });
    })) as unknown as typeof fastify.default;
  return { ...fastify, default: listing, fastify: listing };
});

// Valid values for every field any route reads; each hostile body spoils one of them. The URL
// is one the engine refuses at once, and `ftp:` keeps the base body from starting a capture.
const base = { name: 'Eve', email: 'eve@example.com', password: 'long enough password', url: 'ftp://localhost./', mode: 'single', plan: 'free' };
const spoil: Record<keyof typeof base, (bad: string) => string> = {
  name: (bad) => `Eve${bad}`,
  email: (bad) => `eve${bad}@example.com`,
  password: (bad) => `long enough${bad}password`,
  url: (bad) => `http://localhost./${bad}`,
  mode: (bad) => `single${bad}`,
  plan: (bad) => `free${bad}`,
};
const BAD_TEXT = { nul: '\u0000', 'only NUL': '', 'high surrogate': '\ud800', 'low surrogate': '\udfff', 'swapped pair': '\udc00\ud800' };

type Payload = { label: string; body: string; type?: string };
const json = (label: string, value: unknown): Payload => ({ label, body: JSON.stringify(value) });

const badTextPayloads = Object.entries(BAD_TEXT).flatMap(([what, bad]) =>
  Object.entries(spoil).map(([field, make]) => json(`${what} in ${field}`, { ...base, [field]: what === 'only NUL' ? '\u0000' : make(bad) })),
);
const badText = new Set(badTextPayloads.map((p) => p.label));

const payloads: Payload[] = [
  ...badTextPayloads,
  ...Object.keys(base).map((field) => json(`60 kB ${field}`, { ...base, [field]: 'x'.repeat(60_000) })),
  json('1 MB email', { ...base, email: 'a'.repeat(1024 * 1024) }),
  { label: 'array nested 20,000 deep', body: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
  { label: 'object nested 5,000 deep', body: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}` },
  { label: 'nested email', body: `{"email":${'['.repeat(10_000)}"x"${']'.repeat(10_000)},"password":"p"}` },
  ...['[]', '[{"email":"eve@example.com"}]', '42', '-0', '1e400', '"eve@example.com"', 'null', 'true', '{}'].map((body) => ({ label: `JSON ${body}`, body })),
  json('wrong field types', { name: 1, email: ['eve@example.com'], password: { length: 20 }, url: [], mode: {}, plan: 7 }),
  json('null fields', { name: null, email: null, password: null, url: null, mode: null, plan: null }),
  ...['{"email":', "{'email':'x'}", '{"email":"a\u0000b"}', '{"email":"\\ud800"', '', ' ', '\u0000', '{"a":1}{"b":2}'].map((body) => ({
    label: `invalid JSON ${JSON.stringify(body)}`,
    body,
  })),
  { label: 'BOM', body: `\ufeff${JSON.stringify({ ...base, email: 'bom' })}` },
  { label: 'prototype poisoning', body: '{"__proto__":{"admin":true},"email":"eve@example.com"}' },
  { label: 'constructor poisoning', body: '{"constructor":{"prototype":{"admin":true}}}' },
  { label: 'text/plain with NUL', body: '{"email":"a\u0000b"}', type: 'text/plain' },
  { label: 'form', body: 'email=a%00b&password=x', type: 'application/x-www-form-urlencoded' },
  { label: 'utf-16 charset', body: JSON.stringify(base), type: 'application/json; charset=utf-16' },
  { label: 'octet-stream', body: '\u0000\u0001\u0002', type: 'application/octet-stream' },
];

/** The path to call for a route: parameters filled with ids that exist nowhere. */
const pathOf = (url: string) => url.replace(/:[^/]+/g, 'AAAAAAAAAAAAAAAAAAAAAA').replace('*', 'index.html');

async function sendAll(app: FastifyInstance, headers: Record<string, string>): Promise<string[]> {
  const problems: string[] = [];
  for (const { method, url } of routes.values()) {
    if (method === 'HEAD') continue;
    for (const { label, body, type } of payloads) {
      const response = await app.inject({ method: method as 'POST', url: pathOf(url), payload: body, headers: { ...headers, 'content-type': type ?? 'application/json' } });
      const where = `${method} ${url} with ${label}${headers.authorization ? ' (signed in)' : ''}: ${response.statusCode}`;
      // Text no database column can hold is refused wherever it is; other fields a route ignores may pass.
      const mustRefuse = badText.has(label) && method !== 'GET';
      if (response.statusCode >= 500 || (mustRefuse && response.statusCode < 400)) problems.push(`${where} ${response.body.slice(0, 200)}`);
      else if (response.statusCode >= 400 && typeof (response.json() as { detail?: unknown }).detail !== 'string') problems.push(`${where} without detail`);
    }
  }
  return problems;
}

describe.each(databaseKinds)('hostile request bodies on %s', (kind) => {
  let t: TestApp;
  let stripe: StripeTestServer;
  let token: string;
  beforeAll(async () => {
    routes.clear();
    const unlimited = '1000000';
    // With payments set up, so that the billing routes answer as they would in production.
    stripe = await StripeTestServer.start();
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_IP: unlimited, AUTH_RATE_LIMIT_PER_ACCOUNT: unlimited, ANON_RATE_LIMIT: unlimited, ...stripe.env() });
    await t.app.ready();
    // Not the base body's password: DELETE /account with it would delete the signed-in owner.
    const registered = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { ...base, email: 'owner@example.com', password: 'the owner password' } });
    token = (registered.json() as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('lists every route the app registers', () => {
    const keys = [...routes.keys()];
    for (const route of ['POST /auth/register', 'POST /auth/login', 'POST /admin/plan', 'POST /download', 'POST /jobs', 'GET /jobs/:id']) {
      expect(keys).toContain(route);
    }
  });

  it('never answers a hostile body with a 5xx: errors carry a detail, and text no database can hold is refused on every route', { timeout: 240_000 }, async () => {
    const anonymous = await sendAll(t.app, {});
    const signedIn = await sendAll(t.app, { authorization: `Bearer ${token}`, 'x-admin-token': t.app.services.adminToken });
    expect([...anonymous, ...signedIn]).toEqual([]);
  });
});
