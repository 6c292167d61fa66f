import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX, serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: '<link rel=stylesheet href=s.css><img src=a.png><p>load</p>' },
    '/s.css': { type: 'text/css', body: 'p{color:red}' },
    '/a.png': { type: 'image/png', body: PNG_1PX },
  });
});
afterAll(() => site.close());

const N = 50;
// The queue holds 10, so 50 requests at once overflow it five times over. Each accepted
// request is a capture in a process of its own (under vitest, TypeScript loaded through tsx:
// about 0.75 s of CPU to start), so a bigger queue only adds minutes on a busy machine.
const QUEUE_MAX = 10;

describe('50 concurrent POST /download', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', JOB_QUEUE_MAX: String(QUEUE_MAX) });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('from 50 addresses: each succeeds or gets a clear 503, none hang or get lost', async () => {
    const responses = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/download', payload: { url: site.url }, remoteAddress: `198.18.0.${i + 1}` }),
      ),
    );
    expect(responses).toHaveLength(N);
    const ok = responses.filter((r) => r.statusCode === 200);
    const busy = responses.filter((r) => r.statusCode === 503);
    expect(ok.length + busy.length).toBe(N);
    expect(ok.length).toBeGreaterThanOrEqual(QUEUE_MAX);
    expect(busy.length).toBeGreaterThan(0);
    for (const r of ok) expect(r.json()).toMatchObject({ success: true, filename: '127.0.0.1.zip' });
    for (const r of busy) expect(r.json().detail).toMatch(/busy/);
    // About a dozen captures, two at a time: a few seconds on a quiet 2-core machine, but this
    // test shares it with another test file (vitest runs two), so it gets more than 30 s.
  }, 90_000);

  it('from one address over HTTP: a few succeed, the rest get a clear 429', async () => {
    const responses = await Promise.all(
      Array.from({ length: N }, () =>
        fetch(`${base}/download`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: site.url }) }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    for (const r of responses.filter((r) => r.status === 429)) expect((await r.json()).detail).toMatch(/in progress|Too many/);
  });
});
