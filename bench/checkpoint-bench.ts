import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { serveFixture } from '../packages/archiver/test/support/fixture-site.js';
import { CheckpointWriter, type CheckpointSettings } from '../apps/api/src/features/crawl-state/checkpoint-writer.js';
import type { CheckpointStore } from '../apps/api/src/features/crawl-state/checkpoint-store.js';
import { restoreCheckpoint } from '../apps/api/src/features/crawl-state/restore-checkpoint.js';
import { S3CheckpointStore } from '../apps/api/src/features/crawl-state/s3-checkpoint-store.js';
import { stateFiles } from '../apps/api/src/features/crawl-state/state-files.js';
import { createS3Client } from '../apps/api/src/features/files/s3-file-store.js';
import { newJobId } from '../apps/api/src/features/jobs/job-id.js';
import { startTestS3 } from '../apps/api/test/support/s3.js';
import { measure } from './measure.js';
import { generatedSite } from './site-gen.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 1000);
const ASSETS = Number(process.env.BENCH_ASSETS ?? 2000);
const LATENCY_MS = Number(process.env.BENCH_SITE_LATENCY_MS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const MB = 1024 * 1024;

const sitezipBin = new URL('../packages/archiver/bin/sitezip.js', import.meta.url).pathname;

/** The put calls a checkpoint writer makes, counted. */
function counting(store: CheckpointStore) {
  const counts = { puts: 0, bytes: 0, putMs: 0 };
  const counted: CheckpointStore = {
    ...store,
    list: (jobId) => store.list(jobId),
    read: (jobId, name, range) => store.read(jobId, name, range),
    delete: (jobId, names) => store.delete(jobId, names),
    jobs: () => store.jobs(),
    put: async (jobId, name, body, length) => {
      const started = Date.now();
      await store.put(jobId, name, body, length);
      counts.puts++;
      counts.bytes += length;
      counts.putMs += Date.now() - started;
    },
  };
  return { counted, counts };
}

/**
 * What checkpointing a crawl to the bucket costs (the scaled shape's Full Website jobs): a crawl
 * of a generated site, its state copied to a local S3 server (s3rver) by the code a worker runs,
 * at the default settings and at one a second, against no checkpoints; then how long a worker
 * elsewhere takes to rebuild the state from the last checkpoint.
 */
export async function runCheckpointBench(): Promise<void> {
  const site = await serveFixture(generatedSite(PAGES, ASSETS), { latencyMs: LATENCY_MS });
  const s3 = await startTestS3();
  const settings = { endpoint: s3.env.S3_ENDPOINT, region: 'us-east-1', bucket: s3.env.S3_BUCKET!, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'bench/' };
  const store = new S3CheckpointStore(createS3Client(settings, { requestChecksumCalculation: 'WHEN_REQUIRED' }), settings.bucket, settings.prefix);
  const log = pino({ level: 'silent' });
  const variants: [string, CheckpointSettings | undefined][] = [
    ['no checkpoints', undefined],
    ['every 10 s or 8 MB', { intervalMs: 10_000, bytes: 8 * MB }],
    ['every 1 s or 8 MB', { intervalMs: 1_000, bytes: 8 * MB }],
  ];
  console.log(`\nCrawl checkpoints (${PAGES} pages, ${ASSETS} images, ${LATENCY_MS} ms latency, s3rver on this machine):`);
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, checkpoint] of variants) {
        const dir = await mkdtemp(join(tmpdir(), 'sitezip-checkpoint-bench-'));
        const files = stateFiles(dir);
        const jobId = newJobId();
        const { counted, counts } = counting(store);
        const writer = checkpoint && new CheckpointWriter(counted, jobId, files, 0, checkpoint, log);
        writer?.start();
        const args = [sitezipBin, site.url, '--full', '--max-depth', '100', '--connections', '8', '-q', '-o', files.output];
        const run = await measure(process.execPath, args, { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' }, 300_000);
        await writer?.stop();
        const zipMb = (await stat(files.output)).size / MB;
        let line = `  ${name.padEnd(20)} ${(run.wallMs / 1000).toFixed(2)} s wall, ${run.cpuSeconds.toFixed(2)} s CPU of the crawl, ZIP ${zipMb.toFixed(1)} MB`;
        if (checkpoint) {
          const restoredAt = Date.now();
          const restored = await restoreCheckpoint(store, jobId, stateFiles(join(dir, 'elsewhere')));
          const restoreMs = Date.now() - restoredAt;
          line += `; ${counts.puts} objects, ${(counts.bytes / MB).toFixed(1)} MB, ${(counts.putMs / 1000).toFixed(2)} s of PUTs; last checkpoint (${(restored.zipBytes / MB).toFixed(1)} MB of ZIP) rebuilt in ${(restoreMs / 1000).toFixed(2)} s`;
          await store.delete(jobId, (await store.list(jobId)).map(({ name }) => name));
        }
        console.log(line);
        await rm(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await site.close();
    await s3.close();
  }
}
