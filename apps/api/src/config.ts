import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const flag = z
  .string()
  .optional()
  .transform((v) => ['1', 'true', 'yes'].includes((v ?? '').trim().toLowerCase()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST: z.string().optional(),
  SITEZIP_ALLOW_PRIVATE_NETWORKS: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CAPTURE_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(120),
});

export interface Config {
  port: number;
  host: string;
  /** Where the server keeps its files; created when missing. */
  dataDir: string;
  /** The built web app served at `/`; absent files mean an API-only server. */
  webDist: string;
  allowPrivateNetworks: boolean;
  logLevel: string;
  captureTimeoutMs: number;
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
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    webDist: resolve(e.WEB_DIST ?? defaultWebDist),
    allowPrivateNetworks: e.SITEZIP_ALLOW_PRIVATE_NETWORKS,
    logLevel: e.LOG_LEVEL,
    captureTimeoutMs: e.CAPTURE_TIMEOUT_SECONDS * 1000,
  });
}
