import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveFixture } from '../packages/archiver/test/support/fixture-site.js';
import { median } from './measure.js';
import { pageSite } from './page-site.js';

const RUNS = Number(process.env.BENCH_ISOLATION_RUNS ?? 15);
const MB = 1024 * 1024;

/**
 * What running each capture in a process of its own costs: the same page captured in this
 * process and through the capture pool (warm and cold), with the built code the server runs.
 */
export async function runIsolationBench(): Promise<void> {
  const { archivePage, MemorySink, readTreeUsage } = await import('../packages/archiver/dist/index.js');
  const { CapturePool } = await import('../apps/api/dist/features/capture/capture-pool.js');
  const { LocalFileStore } = await import('../apps/api/dist/features/files/file-store.js');
  const site = await serveFixture(pageSite().routes);
  const dir = await mkdtemp(join(tmpdir(), 'sitezip-isolation-bench-'));
  const store = new LocalFileStore(dir);
  await store.init();
  const options = { allowPrivateNetworks: true };
  const id = 'AAAAAAAAAAAAAAAAAAAAAA';
  const time = async (capture: () => Promise<unknown>) => {
    const started = performance.now();
    await capture();
    return performance.now() - started;
  };

  const inProcess: number[] = [];
  for (let i = 0; i < RUNS; i++) inProcess.push(await time(() => archivePage(site.url, new MemorySink(), options)));

  const warmPool = new CapturePool({ memoryLimitBytes: 1024 * MB, warm: 1 });
  warmPool.warmUp();
  const warm: number[] = [];
  const peaks: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A warm process is ready again by the time the next job arrives (jobs are not back to back here).
    await waitForSpare(warmPool);
    warm.push(
      await time(async () => {
        const { metrics } = await warmPool.run({ url: site.url, mode: 'single', options }, store.createUpload(id), { onProgress: () => undefined, deadlineMs: 60_000 });
        peaks.push(metrics.peak_memory_mb ?? NaN);
      }),
    );
  }
  await waitForSpare(warmPool);
  const spare = (warmPool as unknown as { spares: { child: { pid: number } }[] }).spares[0];
  const idleRss = spare ? (readTreeUsage(spare.child.pid)?.rootPeakBytes ?? NaN) / MB : NaN;
  await warmPool.close();

  const coldPool = new CapturePool({ memoryLimitBytes: 1024 * MB, warm: 0 });
  const cold: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    cold.push(await time(() => coldPool.run({ url: site.url, mode: 'single', options }, store.createUpload(id), { onProgress: () => undefined, deadlineMs: 60_000 })));
  }
  await coldPool.close();

  console.log(`\nIsolation bench: the page bench's page (161 resources, no added latency), median of ${RUNS}\n`);
  console.log('| capture runs | wall per capture | |');
  console.log('|---|---:|---|');
  console.log(`| in the calling process (no isolation) | ${median(inProcess).toFixed(0)} ms | |`);
  console.log(`| in a warm capture process | ${median(warm).toFixed(0)} ms | peak ${median(peaks).toFixed(0)} MB for the capture's process |`);
  console.log(`| in a capture process started for it | ${median(cold).toFixed(0)} ms | |`);
  console.log(`first in-process capture (cold code): ${inProcess[0]!.toFixed(0)} ms`);
  console.log(`\nA waiting warm process has peaked at ${idleRss.toFixed(0)} MB resident.`);
  await site.close();
  await rm(dir, { recursive: true, force: true });
}

async function waitForSpare(pool: unknown): Promise<void> {
  const spares = (pool as { spares: { ready: Promise<void> }[] }).spares;
  await spares[0]?.ready;
}
