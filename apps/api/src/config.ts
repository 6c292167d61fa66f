import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DatabaseTarget } from './db/database.js';
import type { StripeSettings } from './features/billing/stripe-client.js';
import type { S3Settings } from './features/files/s3-file-store.js';

const flag = z
  .string()
  .optional()
  .transform((v) => ['1', 'true', 'yes'].includes((v ?? '').trim().toLowerCase()));

const positiveInt = z.coerce.number().int().positive();
const MB = 1024 * 1024;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST: z.string().optional(),
  VITE_API_URL: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  PGLITE_DATA_DIR: z.string().optional(),
  PGLITE_TEMPLATE: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: positiveInt.default(7 * 24 * 3600),
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  AUTH_RATE_LIMIT_PER_IP: positiveInt.default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: positiveInt.default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  SITEZIP_ALLOW_PRIVATE_NETWORKS: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CAPTURE_TIMEOUT_SECONDS: positiveInt.default(120),
  SITE_CAPTURE_TIMEOUT_SECONDS: positiveInt.default(3600),
  CAPTURE_MEMORY_MB: z.coerce.number().int().min(128).default(1024),
  CAPTURE_WARM_PROCESSES: z.coerce.number().int().min(0).max(16).default(1),
  CAPTURE_USER: z.string().default('nobody'),
  // A page's context takes about a core while it renders: one per core by default. 0: no shared browser.
  RENDER_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(Math.max(1, availableParallelism())),
  // A page's render (browser start and its wait for quiet included) before it is saved as served.
  RENDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  BROWSER_MEMORY_MB: z.coerce.number().int().min(256).default(3072),
  BROWSER_RESTART_MB: z.coerce.number().int().min(64).default(1024),
  WORKER_GRACE_SECONDS: positiveInt.default(60),
  WORKER_LOCK_SECONDS: positiveInt.default(30),
  // With S3: a running crawl's state is copied to the bucket this often (0: never), or once this much is new.
  CRAWL_CHECKPOINT_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  CRAWL_CHECKPOINT_MB: z.coerce.number().positive().max(1024).default(8),
  JOB_CONCURRENCY: positiveInt.default(2),
  JOB_QUEUE_MAX: positiveInt.default(50),
  FILE_TTL_SECONDS: positiveInt.default(3600),
  SWEEP_INTERVAL_SECONDS: positiveInt.default(60),
  REDIS_URL: z.string().optional(),
  QUEUE_PREFIX: z.string().regex(/^[\w.-]+$/).default('sitezip'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.string().optional(),
  S3_PREFIX: z.string().default(''),
  ANON_RATE_LIMIT: positiveInt.default(30),
  ANON_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(3600),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_YEARLY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  APP_URL: z.string().url().optional(),
  SUPPORT_EMAIL: z.string().email().optional(),
});

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_YEARLY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Payments need all four Stripe settings or none: half a setup would take money it cannot record. */
function stripeSettings(e: z.infer<typeof envSchema>): StripeSettings | undefined {
  const missing = STRIPE_KEYS.filter((key) => !e[key]);
  if (missing.length === STRIPE_KEYS.length) return undefined;
  if (missing.length) throw new Error(`Invalid configuration: Stripe needs ${STRIPE_KEYS.join(', ')} together (missing: ${missing.join(', ')})`);
  return {
    secretKey: e.STRIPE_SECRET_KEY!,
    prices: { monthly: e.STRIPE_PRICE_MONTHLY!, yearly: e.STRIPE_PRICE_YEARLY! },
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    apiBase: e.STRIPE_API_BASE,
  };
}

export interface Config {
  port: number;
  host: string;
  /** Where the server keeps its files; created when missing. */
  dataDir: string;
  /** The built web app served at `/`; absent files mean an API-only server. */
  webDist: string;
  /** The API address the web app was built to call (VITE_API_URL), when not its own origin. */
  webApiUrl: string | undefined;
  database: DatabaseTarget;
  /** From the environment; otherwise generated once and kept in DATA_DIR. */
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  /** log2 of scrypt's N. */
  passwordHashCost: number;
  authRateLimit: { perIp: number; perAccount: number; windowMs: number };
  allowPrivateNetworks: boolean;
  logLevel: string;
  captureTimeoutMs: number;
  /** Time budget of a Full Website capture. */
  siteCaptureTimeoutMs: number;
  /** Each capture runs in its own process (tree), killed past this much resident memory. */
  captureMemoryBytes: number;
  /** Capture processes kept started and waiting, engine loaded. */
  captureWarmProcesses: number;
  /** When the server runs as root, captures and their browsers run as this user ('' keeps root). */
  captureUser: string;
  /**
   * The browser this process's captures render in (as captureUser): contexts open at once, the
   * memory past which it is restarted once idle, and past which it is killed. Undefined
   * (RENDER_CONCURRENCY=0): each capture that renders starts a browser of its own.
   */
  sharedBrowser: { concurrency: number; restartAboveBytes: number; memoryLimitBytes: number } | undefined;
  /** A page's render at most; past it the page is saved as served, with the reason. */
  renderTimeoutMs: number;
  /** On SIGTERM a worker finishes its jobs for this long, then hands them back to the queue. */
  workerGraceMs: number;
  /** A job whose worker stops renewing its lock for this long is given to another worker. */
  workerLockMs: number;
  jobs: {
    /** Captures running at once in this process. */
    concurrency: number;
    /** Jobs waiting beyond this answer 503. */
    queueMax: number;
    /** How long ZIPs and previews are kept after a job finishes. */
    fileTtlMs: number;
    sweepIntervalMs: number;
  };
  /** Downloads an anonymous address may start per window. */
  anonymousRateLimit: { max: number; windowMs: number };
  /** Scaled mode: jobs go through BullMQ on this Redis, run by worker processes. */
  redis: { url: string; prefix: string } | undefined;
  /** ZIPs in an S3-compatible bucket instead of DATA_DIR/files. */
  s3: S3Settings | undefined;
  /**
   * With s3: Full Website crawls are checkpointed to the bucket at most every intervalMs, or once
   * `bytes` are new, so that a worker on another machine continues a crawl whose worker died.
   * Undefined: not checkpointed (embedded, or CRAWL_CHECKPOINT_SECONDS=0).
   */
  crawlCheckpoint: { intervalMs: number; bytes: number } | undefined;
  /** Payments through Stripe; without them billing answers 503 and `npm run admin` sets plans. */
  stripe: StripeSettings | undefined;
  /** The web app's public address (APP_URL) for Stripe's return links; else the request's own origin. */
  appUrl: string | undefined;
  /** The address of email support (SUPPORT_EMAIL), shown by the web app. */
  supportEmail: string | undefined;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Reads the environment once at the process edge; everything else receives the frozen result. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    webDist: resolve(e.WEB_DIST ?? defaultWebDist),
    webApiUrl: e.VITE_API_URL || undefined,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: e.PGLITE_DATA_DIR ?? join(dataDir, 'db'), template: e.PGLITE_TEMPLATE },
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    passwordHashCost: e.PASSWORD_HASH_COST,
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    allowPrivateNetworks: e.SITEZIP_ALLOW_PRIVATE_NETWORKS,
    logLevel: e.LOG_LEVEL,
    captureTimeoutMs: e.CAPTURE_TIMEOUT_SECONDS * 1000,
    siteCaptureTimeoutMs: e.SITE_CAPTURE_TIMEOUT_SECONDS * 1000,
    captureMemoryBytes: e.CAPTURE_MEMORY_MB * MB,
    captureWarmProcesses: e.CAPTURE_WARM_PROCESSES,
    captureUser: e.CAPTURE_USER,
    sharedBrowser: e.RENDER_CONCURRENCY
      ? { concurrency: e.RENDER_CONCURRENCY, restartAboveBytes: e.BROWSER_RESTART_MB * MB, memoryLimitBytes: e.BROWSER_MEMORY_MB * MB }
      : undefined,
    renderTimeoutMs: e.RENDER_TIMEOUT_SECONDS * 1000,
    workerGraceMs: e.WORKER_GRACE_SECONDS * 1000,
    workerLockMs: e.WORKER_LOCK_SECONDS * 1000,
    jobs: {
      concurrency: e.JOB_CONCURRENCY,
      queueMax: e.JOB_QUEUE_MAX,
      fileTtlMs: e.FILE_TTL_SECONDS * 1000,
      sweepIntervalMs: e.SWEEP_INTERVAL_SECONDS * 1000,
    },
    anonymousRateLimit: { max: e.ANON_RATE_LIMIT, windowMs: e.ANON_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.QUEUE_PREFIX } : undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // S3-compatible servers usually want path-style addressing; AWS wants virtual hosts.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? ['1', 'true', 'yes'].includes(e.S3_FORCE_PATH_STYLE) : Boolean(e.S3_ENDPOINT),
          prefix: e.S3_PREFIX,
        }
      : undefined,
    crawlCheckpoint:
      e.S3_BUCKET && e.CRAWL_CHECKPOINT_SECONDS > 0
        ? { intervalMs: Math.round(e.CRAWL_CHECKPOINT_SECONDS * 1000), bytes: Math.round(e.CRAWL_CHECKPOINT_MB * MB) }
        : undefined,
    stripe: stripeSettings(e),
    appUrl: e.APP_URL?.replace(/\/+$/, ''),
    supportEmail: e.SUPPORT_EMAIL,
  } satisfies Config);
}
