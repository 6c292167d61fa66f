import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX, serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../../../packages/archiver/test/support/read-zip.js';
import { captureUser } from '../src/lib/system-user.js';
import { chromiumBrowsers, uidOf } from './support/chromium-processes.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// A page its script builds: the served HTML is an empty mount element.
let site: FixtureSite;
let t: TestApp;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: '<!doctype html><title>App</title><div id="root"></div><script src="/app.js"></script>' },
    // It builds only when not opened from a file, which it asks by a name built at run time
    // (beyond a live copy's rewrite of location reads): its copy is the snapshot of what it built.
    '/app.js': {
      type: 'text/javascript',
      body: `fetch('/data.json').then((r) => r.json()).then((d) => {
        if (window[['loc', 'ation'].join('')].protocol === 'file:') return;
        document.getElementById('root').innerHTML = '<h1>' + d.heading + '</h1><img src="/logo.png" alt="">';
      });`,
    },
    '/data.json': { type: 'application/json', body: JSON.stringify({ heading: 'Built in the browser' }) },
    '/logo.png': { type: 'image/png', body: PNG_1PX },
  });
  t = await createTestApp('pglite', { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', ANON_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

async function download(payload: object) {
  const response = await t.app.inject({ method: 'POST', url: '/download', payload: { url: site.url, ...payload } });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { message: string; download_url: string };
  const zip = await readZip((await t.app.inject({ method: 'GET', url: body.download_url })).rawPayload);
  return { message: body.message, index: zip.get('index.html')!.toString() };
}

describe('render mode through the API', () => {
  it('renders a page that builds itself, in the capture process, and says so', async () => {
    const { message, index } = await download({});
    expect(message).toContain('Rendered in a browser first');
    expect(index).toContain('<h1>Built in the browser</h1>');
    expect(index).not.toContain('<script');
  });

  it('renders the jobs that follow in the same browser, run as the capture user', { timeout: 90_000 }, async () => {
    await download({});
    // The first job's browser outlives its capture process.
    const [browser, ...others] = chromiumBrowsers();
    expect(browser).toBeDefined();
    expect(others).toEqual([]);
    const runAs = captureUser('nobody');
    if (runAs) expect(uidOf(browser!)).toBe(runAs.uid);

    const { message, index } = await download({});
    expect(message).toContain('Rendered in a browser first');
    expect(index).toContain('<h1>Built in the browser</h1>');
    expect(chromiumBrowsers()).toEqual([browser]);
  });

  it('keeps the page as served when asked not to render', async () => {
    const { message, index } = await download({ render: 'never' });
    expect(message).not.toContain('Rendered');
    expect(index).toContain('<div id="root"></div>');
  });

  it('refuses a render mode it does not know', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/jobs', payload: { url: site.url, render: 'sometimes' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe('render must be "auto", "always" or "never"');
  });
});
