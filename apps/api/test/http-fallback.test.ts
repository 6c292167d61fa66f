import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// OpenSSL's own words, which a person should never see.
const OPENSSL_TEXT = /ssl3_|SSL routines|openssl|wrong version number|0A0/i;

/** A TCP port that answers every connection with bytes that are neither TLS nor HTTP. */
async function serveGarbage(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket.on('close', () => sockets.delete(socket)));
    socket.end('\u0000\u0001 this is not a protocol \r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const garbage = await serveGarbage();
  await garbage.close();
  return garbage.port;
}

describe('an address typed without a scheme whose https cannot connect', () => {
  let t: TestApp;
  let site: FixtureSite;
  beforeAll(async () => {
    t = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' });
    site = await serveFixture({ '/': { body: '<title>Plain</title><p>Only over http</p>' } });
  });
  afterAll(async () => {
    await site.close();
    await t.close();
  });

  const download = (url: string) => t.app.inject({ method: 'POST', url: '/download', payload: { url, mode: 'single' } });

  it('is tried over http when https fails its TLS handshake, and the job records the address used', async () => {
    const typed = `127.0.0.1:${new URL(site.url).port}/`;
    const response = await download(typed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    expect(site.hits.get('/')).toBe(1);
    const id = (response.json().download_url as string).split('/').pop()!;
    const job = await t.app.inject({ method: 'GET', url: `/jobs/${id}` });
    expect(job.json().url).toBe(`http://${typed}`);
  });

  it('says in plain words that the secure connection failed when https was typed (no http fallback)', async () => {
    const hits = site.hits.get('/') ?? 0;
    const response = await download(`https://127.0.0.1:${new URL(site.url).port}/`);
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toBe(`The secure connection (HTTPS) to 127.0.0.1:${new URL(site.url).port} failed.`);
    expect(site.hits.get('/') ?? 0).toBe(hits);
  });

  it('reports the https failure, not OpenSSL text, when http cannot connect either', async () => {
    const port = await closedPort();
    const refused = await download(`127.0.0.1:${port}`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().detail).toBe(`127.0.0.1:${port} refused the connection.`);

    const garbage = await serveGarbage();
    try {
      const response = await download(`127.0.0.1:${garbage.port}`);
      expect(response.statusCode).toBe(502);
      expect(response.json().detail).not.toMatch(OPENSSL_TEXT);
      const typedHttps = await download(`https://127.0.0.1:${garbage.port}`);
      expect(typedHttps.json().detail).toBe(`The secure connection (HTTPS) to 127.0.0.1:${garbage.port} failed.`);
    } finally {
      await garbage.close();
    }
  });
});
