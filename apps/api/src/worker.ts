import { pino } from 'pino';
import { loadConfig } from './config.js';
import { startCaptureWorker } from './features/jobs/bull-worker.js';
import { createServices } from './services.js';

// Process edge of a worker: runs capture jobs from the Redis queue (REDIS_URL), with the same
// environment as the API processes (DATABASE_URL, S3_* or DATA_DIR).
const config = loadConfig();
const log = pino({ level: config.logLevel, name: 'sitezip-worker' });
if (!config.redis) {
  log.fatal('REDIS_URL is not set: workers take jobs from Redis. Without it, the API server runs jobs itself.');
  process.exit(2);
}
const services = await createServices(config, log);
const worker = startCaptureWorker(services.runner, {
  connection: { url: config.redis.url, maxRetriesPerRequest: null },
  prefix: config.redis.prefix,
  concurrency: config.jobs.concurrency,
  lockMs: config.workerLockMs,
});
services.runner.captures.warmUp();
services.sweeper.start(config.jobs.sweepIntervalMs);
await worker.waitUntilReady();
log.info({ concurrency: config.jobs.concurrency }, 'worker ready');

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker stopping: finishing the jobs it holds');
  // Finish running jobs; past the grace period, leave them: their locks expire and another worker takes them.
  const grace = setTimeout(() => {
    log.warn('grace period over: handing running jobs back');
    void worker.close(true).then(() => process.exit(0));
  }, config.workerGraceMs);
  grace.unref();
  await worker.close();
  await services.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
