import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX, serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../../../packages/archiver/test/support/read-zip.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { inMemoryPglite } from './support/test-app.js';

let dataDir: string;
let site: FixtureSite;
let app: FastifyInstance;
let guarded: FastifyInstance;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sitezip-api-'));
  const webDist = join(dataDir, 'web');
  await mkdir(webDist);
  await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root">spa</div>');
  site = await serveFixture({
    '/': { body: '<title>Fixture</title><link rel="stylesheet" href="s.css"><img src="p.png"><p>Hello</p>' },
    '/s.css': { type: 'text/css', body: 'p { color: rgb(1, 2, 3) }' },
    '/p.png': { type: 'image/png', body: PNG_1PX },
  });
  const env = { DATA_DIR: dataDir, WEB_DIST: webDist, ...inMemoryPglite(), LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' };
  app = await buildApp(loadConfig({ ...env, SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' }));
  guarded = await buildApp(loadConfig(env));
});

afterAll(async () => {
  await app.close();
  await guarded.close();
  await site.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('POST /download', () => {
  it('captures the page and serves the ZIP at download_url', async () => {
    const response = await app.inject({ method: 'POST', url: '/download', payload: { url: site.url, mode: 'single' } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, filename: '127.0.0.1.zip' });
    expect(body.download_url).toMatch(/^\/files\/[A-Za-z0-9_-]{22}$/);
    expect(body.message).toMatch(/Saved 3 files/);
    for (const key of ['peak_memory_mb', 'avg_cpu_percent', 'max_cpu_percent', 'duration_sec']) {
      expect(typeof body.metrics[key]).toBe('number');
    }
    expect(body.metrics.peak_memory_mb).toBeGreaterThan(10);

    const file = await app.inject({ method: 'GET', url: body.download_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toBe('attachment; filename="127.0.0.1.zip"');
    const entries = await readZip(file.rawPayload);
    expect(entries.get('index.html')?.toString()).toContain('<p>Hello</p>');
    expect([...entries.keys()]).toContain('sitezip-manifest.json');
    expect([...entries.keys()].some((k) => k.endsWith('/p.png'))).toBe(true);
  });

  it('completes a missing scheme with https:// (and reports the failure clearly)', async () => {
    const response = await app.inject({ method: 'POST', url: '/download', payload: { url: 'no-such-host.example' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/not found.*spelled correctly/);
  });

  it('rejects bad requests with a detail', async () => {
    const missing = await app.inject({ method: 'POST', url: '/download', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toHaveProperty('detail');
    const ftp = await app.inject({ method: 'POST', url: '/download', payload: { url: 'ftp://example.com' } });
    expect(ftp.json()).toEqual({ detail: 'URL must use HTTP or HTTPS protocol' });
    const malformed = await app.inject({
      method: 'POST',
      url: '/download',
      headers: { 'content-type': 'application/json' },
      payload: '{"url":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('detail');
    const full = await app.inject({ method: 'POST', url: '/download', payload: { url: site.url, mode: 'full' } });
    expect(full.statusCode).toBe(403);
  });

  it('refuses private addresses by default', async () => {
    const response = await guarded.inject({ method: 'POST', url: '/download', payload: { url: site.url } });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/private or reserved address/);
  });

  it('refuses special-use names as it refuses private addresses, and cloud metadata even when private networks are allowed', async () => {
    for (const url of ['http://localhost./', 'http://foo.localhost/', 'http://printer.local/', 'http://x.onion/']) {
      const response = await guarded.inject({ method: 'POST', url: '/download', payload: { url } });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().detail).toMatch(/private or reserved name/);
    }
    for (const url of ['http://metadata.google.internal/', 'http://169.254.169.254/latest/meta-data/', 'http://[::ffff:a9fe:a9fe]/', 'http://[fd00:ec2::254]/']) {
      const response = await app.inject({ method: 'POST', url: '/download', payload: { url } });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().detail).toMatch(/private or reserved/);
    }
    // Eight jobs one after another, each a capture process of its own: it has needed more than
    // 30 s when it shared a busy 2-core machine with another file.
  }, 90_000);

  it('answers 404 for unknown downloads and ids that are not ours', async () => {
    for (const url of ['/files/AAAAAAAAAAAAAAAAAAAAAA', '/files/..%2F..%2Fetc%2Fpasswd']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toHaveProperty('detail');
    }
  });
});

describe('serving the web app', () => {
  it('answers health and the SPA routes', async () => {
    expect((await app.inject('/health')).json()).toEqual({ status: 'ok' });
    for (const route of ['/', '/login', '/register', '/dashboard']) {
      const response = await app.inject(route);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('spa');
    }
    expect((await app.inject('/nope')).statusCode).toBe(404);
  });

  it('serves its pages with a strict CSP, no framing, no sniffing and no referrer', async () => {
    for (const route of ['/', '/login', '/dashboard']) {
      const { headers } = await app.inject(route);
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
    }
    const health = await app.inject('/health');
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['content-security-policy']).toBeUndefined();
  });
});
