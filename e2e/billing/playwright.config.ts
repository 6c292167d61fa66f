import { defineConfig } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs } from '../playwright.config.js';

// Billing runs against its own server with Stripe settings pointing at the local Stripe test
// server (started first, below); the main config's server has no Stripe settings and ignores
// this folder. Workers re-evaluate this file: the environment carries the first choices.
const randomPort = () => String(20_000 + Math.floor(Math.random() * 12_000));
process.env.E2E_BILLING_PORT ??= randomPort();
process.env.E2E_STRIPE_PORT ??= String(Number(process.env.E2E_BILLING_PORT) + 1);
process.env.E2E_BILLING_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'sitezip-e2e-billing-'));
process.env.E2E_STRIPE_SECRET_KEY ??= `sk_test_${randomBytes(16).toString('hex')}`;
process.env.E2E_STRIPE_WEBHOOK_SECRET ??= `whsec_${randomBytes(24).toString('base64url')}`;
const port = Number(process.env.E2E_BILLING_PORT);
const stripeUrl = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;

export const SUPPORT_EMAIL = 'help@sitezip.test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/billing',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
  },
  webServer: [
    {
      command: 'node --import tsx e2e/billing/stripe-server-main.ts',
      cwd: '../..',
      url: `${stripeUrl}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        E2E_STRIPE_PORT: process.env.E2E_STRIPE_PORT!,
        E2E_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/billing/webhook`,
        E2E_STRIPE_SECRET_KEY: process.env.E2E_STRIPE_SECRET_KEY,
        E2E_STRIPE_WEBHOOK_SECRET: process.env.E2E_STRIPE_WEBHOOK_SECRET,
      },
    },
    {
      command: 'node apps/api/dist/server.js',
      cwd: '../..',
      url: `http://127.0.0.1:${port}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_BILLING_DATA_DIR,
        LOG_LEVEL: 'warn',
        PASSWORD_HASH_COST: '14',
        STRIPE_SECRET_KEY: process.env.E2E_STRIPE_SECRET_KEY,
        STRIPE_PRICE_MONTHLY: 'price_test_monthly',
        STRIPE_PRICE_YEARLY: 'price_test_yearly',
        STRIPE_WEBHOOK_SECRET: process.env.E2E_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripeUrl,
        SUPPORT_EMAIL,
      },
    },
  ],
  metadata: { stripeUrl },
});
