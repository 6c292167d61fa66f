import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PNG_1PX, serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../../../packages/archiver/test/support/read-zip.js';
import { readSse } from './support/sse.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let site: FixtureSite;
let t: TestApp;
let base: string;

beforeAll(async () => {
  const images = Array.from({ length: 30 }, (_, i) => `<img src="i${i}.png">`).join('');
  site = await serveFixture(
    {
      '/': { body: `<title>Jobs</title><link rel=stylesheet href=s.css>${images}<p>jobs</p>` },
      '/s.css': { type: 'text/css', body: 'p{color:red}' },
      ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`/i${i}.png`, { type: 'image/png', body: PNG_1PX }])),
    },
    { latencyMs: 15 },
  );
  t = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', FILE_TTL_SECONDS: '3600' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t.close();
  await site.close();
});

describe('jobs', () => {
  it('runs a job through queued → running → done and streams its progress in order', async () => {
    const created = await fetch(`${base}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: site.url }),
    });
    expect(created.status).toBe(202);
    const job = (await created.json()) as { id: string; status: string };
    expect(job.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(['queued', 'running']).toContain(job.status);

    const events = await readSse(`${base}/jobs/${job.id}/events`);
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('status');
    expect(names.at(-1)).toBe('done');
    expect(names.slice(1, -1).every((n) => n === 'progress')).toBe(true);
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data as { done: number; found: number });
    expect(progress.length).toBeGreaterThan(0);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.done).toBeGreaterThanOrEqual(progress[i - 1]!.done);
    const final = events.at(-1)!.data as { status: string; result: { download_url: string; preview_url: string; filename: string } };
    expect(final.status).toBe('done');
    expect(final.result).toMatchObject({ download_url: `/files/${job.id}`, preview_url: `/preview/${job.id}/`, filename: '127.0.0.1.zip' });

    const view = await (await fetch(`${base}/jobs/${job.id}`)).json();
    expect(view).toMatchObject({ id: job.id, status: 'done', progress: { phase: 'done' } });
    expect(view.result.metrics.duration_sec).toBeGreaterThan(0);
    // A late subscriber gets the final state at once.
    expect((await readSse(`${base}/jobs/${job.id}/events`)).map((e) => e.event)).toEqual(['status', 'done']);
  });

  it('serves downloads with HEAD and Range, and previews from the archive', async () => {
    const result = await (
      await fetch(`${base}/download`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: site.url }) })
    ).json();
    const url = `${base}${result.download_url}`;
    const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect((await readZip(whole)).has('index.html')).toBe(true);

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(whole.length);
    expect(head.headers.get('accept-ranges')).toBe('bytes');

    const part = await fetch(url, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(10, 20));
    const tail = await fetch(url, { headers: { range: 'bytes=-22' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(whole.subarray(whole.length - 22));
    expect((await fetch(url, { headers: { range: `bytes=${whole.length}-` } })).status).toBe(416);

    const page = await fetch(`${base}${result.preview_url}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toMatch(/^sandbox allow-scripts/);
    expect(await page.text()).toContain('<p>jobs</p>');
    const css = await fetch(`${base}${result.preview_url}127.0.0.1_${new URL(site.url).port}/s.css`);
    expect(await css.text()).toBe('p{color:red}');
    expect((await fetch(`${base}${result.preview_url}nope.html`)).status).toBe(404);
  });

  it('deletes files when they expire and answers 410', async () => {
    const result = await (
      await fetch(`${base}/download`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: site.url }) })
    ).json();
    const id = result.download_url.split('/').pop() as string;
    const zipPath = join(t.dataDir, 'files', `${id}.zip`);
    await access(zipPath);
    // Sweep as if the TTL (1 hour here) had passed.
    const deleted = await t.app.services.sweeper.sweep(new Date(Date.now() + 3600_000 + 1000));
    expect(deleted).toBeGreaterThanOrEqual(1);
    await expect(access(zipPath)).rejects.toThrow();
    const gone = await fetch(`${base}${result.download_url}`);
    expect(gone.status).toBe(410);
    expect((await gone.json()).detail).toMatch(/expired/);
    expect((await fetch(`${base}${result.preview_url}`)).status).toBe(410);
    expect((await (await fetch(`${base}/jobs/${id}`)).json()).status).toBe('expired');
  });

  it('answers 404 for unknown jobs', async () => {
    for (const path of ['/jobs/AAAAAAAAAAAAAAAAAAAAAA', '/jobs/nope', '/jobs/AAAAAAAAAAAAAAAAAAAAAA/events', '/files/nope']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
    }
  });
});

describe('expiry by the sweeper on its own', () => {
  // Starts an app of its own (PGlite: about 4 s of CPU) and runs a capture: beside another test
  // file on a busy machine that outlasts 30 s.
  it('removes an expired download within the sweep interval', { timeout: 90_000 }, async () => {
    const short = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', FILE_TTL_SECONDS: '1', SWEEP_INTERVAL_SECONDS: '1' });
    try {
      const response = await short.app.inject({ method: 'POST', url: '/download', payload: { url: site.url } });
      const { download_url } = response.json();
      await vi.waitFor(async () => expect((await short.app.inject(download_url)).statusCode).toBe(410), { timeout: 10_000, interval: 200 });
    } finally {
      await short.close();
    }
  });
});
