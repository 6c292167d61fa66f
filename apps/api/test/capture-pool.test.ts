import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX, serveFixture, type FixtureSite } from '../../../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../../../packages/archiver/test/support/read-zip.js';
import { CapturePool, CaptureProcessError } from '../src/features/capture/capture-pool.js';
import { LocalFileStore } from '../src/features/files/file-store.js';
import { captureUser } from '../src/lib/system-user.js';
import { gatedPage } from './support/gate.js';

const MB = 1024 * 1024;
const misbehaving = new URL('./support/capture-entries/misbehave.ts', import.meta.url);
const ID = 'AAAAAAAAAAAAAAAAAAAAAA';

let dir: string;
let store: LocalFileStore;
let site: FixtureSite;
const gate = gatedPage();
let gateRequested!: () => void;
const gateReached = new Promise<void>((resolve) => (gateRequested = resolve));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitezip-pool-'));
  store = new LocalFileStore(dir);
  await store.init();
  site = await serveFixture({
    '/': { body: '<title>Fixture</title><link rel="stylesheet" href="s.css"><img src="p.png"><p>Hello</p>' },
    '/s.css': { type: 'text/css', body: 'p { color: rgb(1, 2, 3) }' },
    '/p.png': { type: 'image/png', body: PNG_1PX },
    '/gated': {
      handle: (request, response) => {
        gateRequested();
        gate.route.handle!(request, response);
      },
    },
  });
});

afterAll(async () => {
  gate.open();
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

const request = (url: string) => ({ url, mode: 'single' as const, options: { allowPrivateNetworks: true } });
const noProgress = () => undefined;

/** Runs one capture that is expected to die, and says how. */
async function deathOf(host: string, settings: { memoryMb?: number; deadlineMs?: number } = {}) {
  const pool = new CapturePool({ memoryLimitBytes: (settings.memoryMb ?? 256) * MB, warm: 0, entry: misbehaving });
  try {
    await pool.run(request(`http://${host}/`), store.createUpload(ID), { onProgress: noProgress, deadlineMs: settings.deadlineMs ?? 20_000 });
    return 'survived';
  } catch (error) {
    return error instanceof CaptureProcessError ? error.death : String(error);
  } finally {
    await pool.close();
  }
}

describe('CapturePool', () => {
  it.runIf(process.getuid?.() === 0)('runs captures as an unprivileged user when the server is root', async () => {
    const runAs = captureUser('nobody');
    expect(runAs).toBeDefined();
    const pool = new CapturePool({ memoryLimitBytes: 256 * MB, warm: 0, entry: misbehaving, runAs });
    try {
      const outcome = pool.run(request('http://whoami/'), store.createUpload(ID), { onProgress: noProgress, deadlineMs: 20_000 });
      await expect(outcome).rejects.toThrow(`uid=${runAs!.uid} gid=${runAs!.gid} home=${tmpdir()}`);
    } finally {
      await pool.close();
    }
  });

  it('runs a capture in a process of its own: ZIP committed, progress relayed, metrics of that process', async () => {
    const pool = new CapturePool({ memoryLimitBytes: 512 * MB, warm: 1 });
    pool.warmUp();
    const progress: number[] = [];
    try {
      const { summary, metrics } = await pool.run(request(site.url), store.createUpload(ID), {
        onProgress: (p) => progress.push(p.done),
        deadlineMs: 30_000,
      });
      expect(summary).toMatchObject({ finalUrl: site.url, title: 'Fixture', files: 3, failures: 0 });
      expect(progress.length).toBeGreaterThan(0);
      // The capture's own process, not a server's hundreds of MB.
      expect(metrics.peak_memory_mb).toBeGreaterThan(20);
      expect(metrics.peak_memory_mb).toBeLessThan(200);
      expect(metrics.duration_sec).toBeGreaterThan(0);
      const files = await readZip(await readFile(join(dir, `${ID}.zip`)));
      expect(files.get('index.html')?.toString()).toContain('Hello');
      expect(existsSync(join(dir, 'staging', `${ID}.zip`))).toBe(false);
    } finally {
      await pool.close();
      await store.delete(ID);
    }
  });

  it('kills a capture whose resident memory passes the limit, even outside the JavaScript heap', async () => {
    expect(await deathOf('native-memory', { memoryMb: 200 })).toBe('memory');
    expect(await store.stat(ID)).toBeUndefined();
  });

  it('reports a capture that reaches its heap cap as out of memory', async () => {
    expect(await deathOf('heap', { memoryMb: 160 })).toBe('memory');
  });

  it('kills a capture that holds its thread past the deadline', async () => {
    expect(await deathOf('busy', { deadlineMs: 1_000 })).toBe('deadline');
  });

  it('reports a capture process that exits without an answer as a crash', async () => {
    expect(await deathOf('exit')).toBe('crash');
  });

  it('cancels a running capture at once and drops its ZIP', async () => {
    const pool = new CapturePool({ memoryLimitBytes: 512 * MB, warm: 0 });
    const cancel = new AbortController();
    try {
      const run = pool.run(request(`${site.origin}/gated`), store.createUpload(ID), {
        onProgress: noProgress,
        signal: cancel.signal,
        deadlineMs: 30_000,
      });
      await gateReached;
      cancel.abort();
      await expect(run).rejects.toMatchObject({ code: 'ABORTED' });
      expect(await store.stat(ID)).toBeUndefined();
    } finally {
      await pool.close();
    }
  });
});
