import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Workers re-evaluate this file; the environment carries the first evaluation's choices to them.
// Below Linux's ephemeral range (32768+), so no fixture server or outgoing connection can hold it.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 12_000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'sitezip-e2e-'));
const port = Number(process.env.E2E_PORT);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: '.',
  // Billing needs a server with Stripe settings: it has its own config (billing/playwright.config.ts).
  testIgnore: 'billing/**',
  outputDir: '../test-results',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node apps/api/dist/server.js',
    cwd: '..',
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SITEZIP_ALLOW_PRIVATE_NETWORKS: '1',
      LOG_LEVEL: 'warn',
    },
  },
});
