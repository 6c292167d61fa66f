import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('unknown addresses', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'sitezip-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root">spa</div>');
    t = await createTestApp('pglite', { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, accept?: string) => t.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

  it("show a browser the web app's own not-found page, with status 404 and the app's CSP", async () => {
    for (const url of ['/no-such-page', '/pricing/', '/dashboard/old?x=1']) {
      const response = await get(url, BROWSER_ACCEPT);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('spa');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('answer API callers and missing files with a JSON 404', async () => {
    for (const [url, accept] of [
      ['/no-such-page', 'application/json'],
      ['/no-such-page', '*/*'],
      ['/no-such-page', undefined],
      ['/missing.png', BROWSER_ACCEPT],
      ['/docs/static/missing.js', BROWSER_ACCEPT],
    ] as const) {
      const response = await get(url, accept);
      expect(response.statusCode, `${url} ${accept}`).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/no-such-page', headers: { accept: BROWSER_ACCEPT }, payload: {} });
    expect(post.json()).toEqual({ detail: 'Not found' });
  });

  it('leave the API documentation to itself', async () => {
    const docs = await get('/docs', BROWSER_ACCEPT);
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger-initializer.js');
    const document = (await get('/docs/json', BROWSER_ACCEPT)).json() as { paths: Record<string, unknown> };
    // The web app's pages are not API routes.
    expect(Object.keys(document.paths)).toContain('/auth/login');
    expect(Object.keys(document.paths).filter((path) => ['/', '/login', '/register', '/dashboard', '/*'].includes(path))).toEqual([]);
  });
});
