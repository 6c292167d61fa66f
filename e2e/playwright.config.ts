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
  // Mermaid's page (2 MB of modules, ten diagrams) runs alone after the rest (scripts/test.sh,
  // E2E_ALONE=1): beside another worker's browsers on 2 cores its live original itself did not finish
  // drawing in time in two CI runs of 2026-12-03, while the spec passed alone each time.
  testIgnore: process.env.E2E_ALONE ? ['billing/**'] : ['billing/**', 'render/mermaid.spec.ts'],
  outputDir: '../test-results',
  timeout: 60_000,
  // What an assertion waits for (a copy's frame drawn, a job's result shown) took more than
  // Playwright's 5 s on a slow machine with the other worker's browsers beside it.
  expect: { timeout: 15_000 },
  // Two spec files at once. Each test makes its own accounts (random emails), fixture sites
  // (port 0) and temp folders; what the workers share is the one server below, whose
  // per-address limits and capture slots are raised there so one worker never waits on the other.
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    // Recording a trace of every test (kept on failure) cost about 1.5 of the suite's 10.5 minutes
    // on this 2-core machine (9.0 without, 2026-12-07), and CI keeps no files: E2E_TRACE=1 turns it on.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
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
      // Every worker is 127.0.0.1: two of them registering at once must not share the
      // 30-a-minute login limit (the limit itself is tested in apps/api/test/auth.test.ts).
      AUTH_RATE_LIMIT_PER_IP: '1000',
      // scrypt at N = 2^12 for the tests' sign-ups and sign-ins, as the API tests have it: the
      // default (2^17) takes half a second of CPU each. The hash carries its cost, so what the
      // tests check of accounts holds at any.
      PASSWORD_HASH_COST: '12',
      // A test that holds a job at a gate keeps a capture slot; with the default 2 slots, two
      // workers doing so would queue every other job past the 5 s of an expect.
      JOB_CONCURRENCY: '4',
    },
  },
});
