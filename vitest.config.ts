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
    // Hooks start the API's real parts: a PGlite (about 4 s of CPU: WebAssembly, migrations),
    // fixture servers, browsers. Beside another test file on a busy 2-core machine that has taken
    // 15-30 s, so a hook only counts as hung after a minute.
    hookTimeout: 60_000,
    globalSetup: ['apps/api/test/support/global-setup.ts'],
    env: { SITEZIP_ALLOW_PRIVATE_NETWORKS: '', SITEZIP_BUILT_EDGES: '1' },
  },
});
