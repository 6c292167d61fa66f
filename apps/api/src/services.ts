import { createHmac, randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isFinalStatus } from '@sitezip/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { DataDirLock } from './db/data-dir-lock.js';
import { createDownloadServices, type DownloadServices } from './download-services.js';
import { openDatabase, type Database } from './db/database.js';
import { AdminService } from './features/admin/admin-service.js';
import { AccountRepository } from './features/account/account-repository.js';
import { AccountService } from './features/account/account-service.js';
import { AuthService } from './features/auth/auth-service.js';
import { createBilling, type Billing } from './features/billing/create-billing.js';
import { CapturePool } from './features/capture/capture-pool.js';
import { SharedBrowser } from './features/capture/shared-browser.js';
import { TokenService } from './features/auth/tokens.js';
import { LocalFileStore, type FileStore } from './features/files/file-store.js';
import { createS3Client, S3FileStore } from './features/files/s3-file-store.js';
import { CrawlCheckpoints } from './features/crawl-state/crawl-checkpoints.js';
import { S3CheckpointStore } from './features/crawl-state/s3-checkpoint-store.js';
import { ZipPreview } from './features/files/zip-preview.js';
import { LocalJobEvents, type JobEvents } from './features/jobs/job-events.js';
import { BullJobQueue } from './features/jobs/bull-job-queue.js';
import { EmbeddedJobQueue, type JobQueue } from './features/jobs/job-queue.js';
import { runJob, type JobRunnerDeps } from './features/jobs/job-runner.js';
import { RedisJobEvents } from './features/jobs/redis-job-events.js';
import { JobsRepository } from './features/jobs/jobs-repository.js';
import { JobsService } from './features/jobs/jobs-service.js';
import { Sweeper } from './features/jobs/sweeper.js';
import { UsersRepository } from './features/users/users-repository.js';
import type { RateLimitStore } from './lib/rate-limit-store.js';
import { loadOrCreateSecrets } from './lib/secrets.js';
import { captureUser } from './lib/system-user.js';

/** Everything the routes use, built once per process from the config. */
export interface Services {
  /** embedded: one process runs everything; scaled: API processes enqueue, workers run (REDIS_URL). */
  mode: 'embedded' | 'scaled';
  runner: JobRunnerDeps;
  database: Database;
  /** Held while this process owns an on-disk PGlite directory. */
  lock: DataDirLock | undefined;
  users: UsersRepository;
  auth: AuthService;
  admin: AdminService;
  adminToken: string;
  billing: Billing;
  account: AccountService;
  jobs: JobsRepository;
  jobsService: JobsService;
  events: JobEvents;
  queue: JobQueue;
  store: FileStore;
  preview: ZipPreview;
  sweeper: Sweeper;
  /** History, cancel and bulk downloads. */
  downloads: DownloadServices;
  /** Where rate limits count: in Redis when there is one, so that every API process shares them. */
  limits: RateLimitStore | undefined;
  close(): Promise<void>;
}

/** The scaled shape's crawl checkpoints, in its bucket. */
function createCheckpoints(config: Readonly<Config>): CrawlCheckpoints | undefined {
  if (!config.s3 || !config.crawlCheckpoint) return undefined;
  // Checkpoints are streamed PUTs of known length: without this the SDK sends them aws-chunked
  // with a trailing checksum, which S3-compatible servers without that feature store verbatim.
  const client = createS3Client(config.s3, { requestChecksumCalculation: 'WHEN_REQUIRED' });
  return new CrawlCheckpoints(new S3CheckpointStore(client, config.s3.bucket, config.s3.prefix), config.crawlCheckpoint);
}

async function createFileStore(config: Readonly<Config>): Promise<FileStore> {
  if (config.s3) {
    const store = new S3FileStore(config.s3);
    await store.init();
    return store;
  }
  const store = new LocalFileStore(join(config.dataDir, 'files'));
  await store.init();
  return store;
}

/** BullMQ needs its own connection (blocking commands), and pub/sub needs a dedicated subscriber. */
function createRedisClients(url: string) {
  const options = { maxRetriesPerRequest: null };
  const queue = new Redis(url, options);
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  // Rate limits answer each request: they must fail, not wait forever, while Redis is away.
  const limits = new Redis(url);
  return {
    queue,
    publisher,
    subscriber,
    limits,
    async close() {
      await Promise.all([queue.quit(), publisher.quit(), subscriber.quit(), limits.quit()].map((p) => p.catch(() => undefined)));
    },
  };
}

export function pgliteLockPath(config: Readonly<Config>): string | undefined {
  const target = config.database;
  return target.kind === 'pglite' && !target.dataDir.startsWith('memory://') ? `${target.dataDir}.lock` : undefined;
}

export async function createServices(config: Readonly<Config>, log: FastifyBaseLogger): Promise<Services> {
  await mkdir(config.dataDir, { recursive: true });
  const lockPath = pgliteLockPath(config);
  const lock = lockPath ? await DataDirLock.acquire(lockPath) : undefined;
  let database: Database;
  try {
    database = await openDatabase(config.database, (error) => log.warn({ err: error }, 'database connection lost; reconnecting'));
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const jwtSecret = config.jwtSecret ?? (await loadOrCreateSecrets(config.dataDir)).jwtSecret;
  const users = new UsersRepository(database.db);
  const jobs = new JobsRepository(database.db);
  const store = await createFileStore(config);
  const redis = config.redis ? createRedisClients(config.redis.url) : undefined;
  const events: JobEvents = redis ? new RedisJobEvents(redis.publisher, redis.subscriber, config.redis!.prefix) : new LocalJobEvents();
  const preview = new ZipPreview(store);
  const runAs = captureUser(config.captureUser);
  // Started by the first render only: the API processes of the scaled mode never start it.
  const browser = config.sharedBrowser && new SharedBrowser({ ...config.sharedBrowser, runAs, log });
  const captures = new CapturePool({ memoryLimitBytes: config.captureMemoryBytes, warm: config.captureWarmProcesses, runAs, browser });
  const checkpoints = createCheckpoints(config);
  const runner: JobRunnerDeps = { config, jobs, store, events, captures, log, checkpoints };
  const queue: JobQueue = redis
    ? new BullJobQueue(redis.queue, config.redis!.prefix)
    : new EmbeddedJobQueue(config.jobs.concurrency, (id) => runJob(runner, id));
  const downloads = createDownloadServices({ config, db: database.db, jobs, queue, events, store, secret: jwtSecret, log });
  runner.afterJob = downloads.afterJob;
  const sweeper = new Sweeper(jobs, store, preview, log, [
    (now) => downloads.bulkService.sweep(now),
    // Checkpoints of jobs that ended without their worker deleting them (it died at the end).
    async () => (checkpoints ? checkpoints.sweep(async (id) => isFinalStatus((await jobs.get(id))?.status ?? 'expired')) : 0),
  ]);
  const billing = createBilling(config.stripe, database.db, log);
  // API processes of the scaled mode only enqueue: their workers keep the warm capture processes.
  if (!redis) captures.warmUp();
  return {
    mode: redis ? 'scaled' : 'embedded',
    runner,
    database,
    lock,
    users,
    auth: new AuthService(users, new TokenService(jwtSecret, config.jwtTtlSeconds), config.passwordHashCost),
    admin: new AdminService(users),
    adminToken: randomBytes(24).toString('base64url'),
    billing,
    account: new AccountService(new AccountRepository(database.db), billing.service, store, preview, config.passwordHashCost, log, (jobId, user) =>
      downloads.canceller.cancel({ jobId, user, cancelToken: undefined }),
    ),
    jobs,
    jobsService: new JobsService(jobs, queue, events, config.jobs.queueMax, requesterKey(jwtSecret)),
    events,
    queue,
    store,
    preview,
    sweeper,
    downloads,
    limits: redis ? { redis: redis.limits, prefix: config.redis!.prefix } : undefined,
    async close() {
      await sweeper.stop();
      await queue.close();
      await captures.close();
      await browser?.close();
      await redis?.close();
      await database.close();
      await lock?.release();
    },
  };
}

/** Anonymous jobs are counted per address without keeping it: an HMAC under the server secret. */
function requesterKey(secret: string): (ip: string) => string {
  return (ip) => createHmac('sha256', secret).update(`requester:${ip}`).digest('base64url').slice(0, 22);
}
