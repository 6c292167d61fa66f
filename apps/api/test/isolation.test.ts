import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX, serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { hugePage } from './support/huge-page.js';
import { readSse } from './support/sse.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const MB = 1024 * 1024;
// Bigger than the capture's memory limit below can hold, under the engine's 100 MiB body limit.
const huge = hugePage(90);

let site: FixtureSite;
let t: TestApp;
let base: string;

beforeAll(async () => {
  site = await serveFixture({
    '/': { body: '<title>Normal</title><link rel=stylesheet href=s.css><img src=p.png><p>normal</p>' },
    '/s.css': { type: 'text/css', body: 'p{color:red}' },
    '/p.png': { type: 'image/png', body: PNG_1PX },
    '/huge': huge.route,
  });
  t = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', CAPTURE_MEMORY_MB: '160', JOB_CONCURRENCY: '2' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t.close();
  await site.close();
});

async function createJob(url: string): Promise<string> {
  const response = await fetch(`${base}/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

async function finalState(id: string) {
  const events = await readSse(`${base}/jobs/${id}/events`);
  return events.at(-1)!.data as { status: string; error?: string; result?: { metrics: { peak_memory_mb: number } } };
}

describe('a hostile page', () => {
  it('fails its own job while the server keeps answering and a concurrent job finishes', async () => {
    const rssBefore = process.memoryUsage.rss();
    const hostile = await createJob(`${site.origin}/huge`);
    await huge.reached;
    const normal = await createJob(site.url);
    expect((await fetch(`${base}/health`)).status).toBe(200);

    const [hostileEnd, normalEnd] = await Promise.all([finalState(hostile), finalState(normal)]);
    expect(normalEnd.status).toBe('done');
    expect(hostileEnd).toMatchObject({ status: 'failed' });
    expect(hostileEnd.error).toMatch(/more memory than a download may use|too large/i);
    expect((await fetch(`${base}/health`)).status).toBe(200);
    // The 90 MB body never entered this process.
    expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(60 * MB);
    // Metrics describe the capture's own process, not the server.
    expect(normalEnd.result!.metrics.peak_memory_mb).toBeLessThan(160);

    const view = (await (await fetch(`${base}/jobs/${hostile}`)).json()) as { attempts?: number; status: string };
    expect(view.status).toBe('failed');
  });
});
