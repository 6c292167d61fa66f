import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX, serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../../../packages/archiver/test/support/read-zip.js';
import { CapturePool, CaptureProcessError } from '../src/features/capture/capture-pool.js';
import type { CaptureRequest } from '../src/features/capture/capture-protocol.js';
import { SharedBrowser } from '../src/features/capture/shared-browser.js';
import { LocalFileStore } from '../src/features/files/file-store.js';
import { captureUser } from '../src/lib/system-user.js';
import { renderersOf, uidOf } from './support/chromium-processes.js';

// Captures in processes of their own (as in the server) rendering in one shared Chromium.

const MB = 1024 * 1024;
const runAs = captureUser('nobody');

let dir: string;
let store: LocalFileStore;
let site: FixtureSite;
let ids = 0;
// Two pages that each wait for the other: answered once both renders asked.
const bothWaiting: (() => void)[] = [];

/** A page its script builds: the served HTML is an empty mount element. */
const app = (script: string) => ({ body: `<!doctype html><title>App</title><div id="root"></div><script>${script}</script>` });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitezip-shared-browser-'));
  store = new LocalFileStore(dir);
  await store.init();
  site = await serveFixture({
    // It builds only when not opened from a file, which it asks by a name built at run time
    // (beyond a live copy's rewrite of location reads): its copy is the snapshot of what it built.
    '/': app(`fetch('/data.json').then((r) => r.json()).then((d) => { if (window[['loc', 'ation'].join('')].protocol === 'file:') return; document.getElementById('root').innerHTML = '<h1>' + d.heading + '</h1><img src="/p.png">'; });`),
    '/data.json': { type: 'application/json', body: JSON.stringify({ heading: 'Built in the browser' }) },
    '/p.png': { type: 'image/png', body: PNG_1PX },
    // Each writes its name into its context's storage, waits for the other, then tells what its storage holds.
    '/a': app(`localStorage.setItem('who', 'a'); fetch('/both').then(() => fetch('/saw/a/' + localStorage.getItem('who')));`),
    '/b': app(`fetch('/both').then(() => fetch('/saw/b/' + localStorage.getItem('who')));`),
    '/both': {
      handle: (_request, response) => {
        bothWaiting.push(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
        if (bothWaiting.length === 2) onBothWaiting();
      },
    },
    '/hang': { body: '<!doctype html><title>Hang</title><div id="root"></div><script src="/hang.js"></script>' },
    '/hang.js': { type: 'text/javascript', body: 'while (true) {}' },
    // Grows its tab by 64 MB every few milliseconds (outside the JavaScript heap) until stopped,
    // and marks each step on its body: a page quiet for 150 ms is read early, and on a fast
    // machine it was read (and saved) before it reached the limit (CI of 2026-12-05).
    '/hog': app(`const kept = []; setInterval(() => { kept.push(new Uint8Array(64 * 1024 * 1024).fill(1)); document.body.dataset.kept = String(kept.length); }, 5);`),
  });
});

afterAll(async () => {
  for (const answer of bothWaiting.splice(0)) answer();
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

let onBothWaiting = () => undefined as void;

const request = (path: string, options: CaptureRequest['options'] = {}): CaptureRequest => ({
  url: `${site.origin}${path}`,
  mode: 'single',
  // A render may start Chromium first: on a busy machine that alone can outlast the default 20 s
  // render deadline, and the copy would silently be the page as served.
  options: { allowPrivateNetworks: true, renderTimeoutMs: 50_000, ...options },
});

async function capture(pool: CapturePool, path: string, deadlineMs = 60_000, options: CaptureRequest['options'] = {}) {
  const id = `shared${String(ids++).padStart(16, '0')}`;
  const outcome = await pool.run(request(path, options), store.createUpload(id), { onProgress: () => undefined, deadlineMs });
  const zip = await readZip(await readFile(join(dir, `${id}.zip`)));
  return { summary: outcome.summary, index: zip.get('index.html')!.toString() };
}

function setUp(settings: { memoryLimitBytes?: number; restartAboveBytes?: number } = {}) {
  const browser = new SharedBrowser({
    concurrency: 2,
    restartAboveBytes: settings.restartAboveBytes ?? 2048 * MB,
    memoryLimitBytes: settings.memoryLimitBytes ?? 3072 * MB,
    runAs,
  });
  const pool = new CapturePool({ memoryLimitBytes: 512 * MB, warm: 1, runAs, browser });
  pool.warmUp();
  return {
    browser,
    pool,
    async close() {
      await pool.close();
      await browser.close();
    },
  };
}

// Each test renders a few pages in real Chromium: on a busy machine that takes a while.
const SLOW = { timeout: 120_000 };

describe('the shared browser', SLOW, () => {
  const shared = setUp();
  afterAll(() => shared.close());

  it('serves render after render from one browser, started once, as the capture user', async () => {
    const first = await capture(shared.pool, '/');
    expect(first.summary.rendered.pages, first.summary.rendered.failed).toBe(1);
    expect(first.index).toContain('<h1>Built in the browser</h1>');
    const pid = shared.browser.pid!;
    expect(pid).toBeGreaterThan(0);
    // Outlives the capture process that used it.
    expect(() => process.kill(pid, 0)).not.toThrow();
    if (runAs) expect(uidOf(pid)).toBe(runAs.uid);

    const second = await capture(shared.pool, '/');
    expect(second.summary.rendered.pages).toBe(1);
    expect(second.index).toContain('<h1>Built in the browser</h1>');
    expect(shared.browser.pid).toBe(pid);
    expect(shared.browser.launches).toBe(1);
  });

  it('gives concurrent captures a context each: both render at once, neither sees the other', async () => {
    const pid = shared.browser.pid!;
    let renderersWhileBoth = 0;
    onBothWaiting = () => {
      renderersWhileBoth = renderersOf(pid);
      for (const answer of bothWaiting.splice(0)) answer();
    };
    const [a, b] = await Promise.all([capture(shared.pool, '/a'), capture(shared.pool, '/b')]);
    expect([a.summary.rendered.pages, b.summary.rendered.pages]).toEqual([1, 1]);
    expect(site.hits.get('/saw/a/a')).toBe(1);
    expect(site.hits.get('/saw/b/null')).toBe(1);
    expect(renderersWhileBoth).toBeGreaterThanOrEqual(2);
    expect(shared.browser.pid).toBe(pid);
    expect(shared.browser.launches).toBe(1);
  });

  it('outlives a capture killed at its deadline while its page hangs the main thread; the next render works', async () => {
    await capture(shared.pool, '/');
    const pid = shared.browser.pid!;
    const idle = renderersOf(pid);
    const hung = capture(shared.pool, '/hang', 8_000, { render: 'always', renderTimeoutMs: 120_000, totalTimeoutMs: 300_000 });
    const death = await hung.then(
      () => 'survived',
      (error: unknown) => (error instanceof CaptureProcessError ? error.death : String(error)),
    );
    expect(death).toBe('deadline');
    expect(site.hits.get('/hang.js')).toBeGreaterThanOrEqual(1);
    // Its connection dropped: the browser server closed its context, and the spinning tab with it.
    await expect.poll(() => renderersOf(pid), { timeout: 20_000, interval: 100 }).toBeLessThanOrEqual(idle);

    const next = await capture(shared.pool, '/');
    expect(next.index).toContain('<h1>Built in the browser</h1>');
    expect(shared.browser.pid).toBe(pid);
  });

  it('lends at most `concurrency` slots; a waiting one gets the next free slot', async () => {
    const one = new SharedBrowser({ concurrency: 1, restartAboveBytes: 2048 * MB, memoryLimitBytes: 3072 * MB, runAs });
    try {
      const signal = new AbortController().signal;
      const first = await one.acquire(signal);
      let granted = false;
      const second = one.acquire(signal).then((slot) => ((granted = true), slot));
      const cancelled = new AbortController();
      const third = one.acquire(cancelled.signal);
      cancelled.abort(new Error('gave up'));
      await expect(third).rejects.toThrow('gave up');
      await new Promise(setImmediate);
      expect(granted).toBe(false);
      first.release();
      expect((await second).endpoint).toBe(first.endpoint);
      expect(one.launches).toBe(1);
    } finally {
      await one.close();
    }
  });
});

describe('a browser that cannot start, grows or runs away', SLOW, () => {
  it('cannot start: renders fall back to the page as served, saying why', async () => {
    const shared = setUp();
    // The browser process inherits the environment, where the engine reads Chromium's path.
    const before = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    try {
      const { summary, index } = await capture(shared.pool, '/');
      expect(summary.rendered.pages).toBe(0);
      expect(summary.rendered.failed).toMatch(/Chromium could not be started from \/nonexistent\/chromium/);
      expect(index).toContain('<div id="root"></div>');
      expect(shared.browser.pid).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = before;
      await shared.close();
    }
  });

  it('is restarted once no render uses it when it has grown past its restart size', async () => {
    // Idle Chromium already holds more than this: every render leaves it to be restarted.
    const shared = setUp({ restartAboveBytes: 64 * MB });
    try {
      await capture(shared.pool, '/');
      const first = shared.browser.launches;
      const next = await capture(shared.pool, '/');
      expect(next.index).toContain('<h1>Built in the browser</h1>');
      expect(shared.browser.launches).toBeGreaterThan(first);
    } finally {
      await shared.close();
    }
  });

  it('is killed past its memory limit: the render falls back to the page as served, the next render gets a new browser', async () => {
    const shared = setUp({ memoryLimitBytes: 768 * MB });
    try {
      const hog = await capture(shared.pool, '/hog');
      expect(hog.summary.rendered.pages).toBe(0);
      // (Playwright's "Target page, context or browser has been closed", or a call's "Browser closed",
      // may come before the disconnection.)
      expect(hog.summary.rendered.failed).toMatch(/browser closed unexpectedly|browser has been closed|: Browser closed/i);
      expect(hog.index).toContain('<div id="root"></div>');

      const next = await capture(shared.pool, '/');
      expect(next.index, next.summary.rendered.failed).toContain('<h1>Built in the browser</h1>');
      expect(shared.browser.launches).toBe(2);
    } finally {
      await shared.close();
    }
  });
});
