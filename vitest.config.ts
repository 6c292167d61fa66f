import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the "source" condition,
// so tests run against src/ without a build step.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // No "module" condition for Node-side code: packages such as @aws-sdk point it at bundler-only builds.
  ssr: { resolve: { conditions: ['source', 'node', 'development|production'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'apps/api/src/**/*.test.ts',
      'apps/api/test/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
    ],
    // Two test files at once (vitest's default on 2 cores is one): every file keeps to its own
    // temp folders, ports, databases and queue prefixes, so any two can run side by side.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    env: { SITEZIP_ALLOW_PRIVATE_NETWORKS: '' },
  },
});
