import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** Test files that replace a module with vi.mock: they need modules loaded for them alone. */
const MOCKING = ['apps/api/test/api-docs.test.ts', 'apps/api/test/hostile-bodies.test.ts'];

// Workspace packages export their TypeScript sources under the "source" condition,
// so tests run against src/ without a build step.
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // No "module" condition for Node-side code: packages such as @aws-sdk point it at bundler-only builds.
  ssr: { resolve: { conditions: ['source', 'node', 'development|production'] } },
  test: {
    // Two test files at once (vitest's default on 2 cores is one): every file keeps to its own
    // temp folders, ports, databases and queue prefixes, so any two can run side by side.
    maxWorkers: 2,
    testTimeout: 30_000,
    // Hooks start the API's real parts: a PGlite, fixture servers, browsers. Beside another test
    // file on a busy 2-core machine that has taken 15-30 s, so a hook only counts as hung after a minute.
    hookTimeout: 60_000,
    // expect.poll waits for what a browser shows (a copy's script filling a frame): its default of
    // 1 s failed render-frames.test.ts once beside a CI run on this 2-core machine; it returns as
    // soon as the value is there, so a longer wait costs nothing when all is well.
    expect: { poll: { timeout: 15_000 } },
    env: { SITEZIP_ALLOW_PRIVATE_NETWORKS: '', SITEZIP_BUILT_EDGES: '1' },
    globalSetup: ['apps/api/test/support/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          exclude: [...MOCKING],
          // A worker's files share its loaded modules (the engine, the API, their dependencies):
          // loading them again for each of ~120 files took more CPU than many files' tests.
          // Nothing of ours keeps state between files at module level, and a file that changes
          // process.env puts it back.
          isolate: false,
        },
      },
      // Files that mock modules (vi.mock) or stub globals (window, fetch) for their whole file.
      { extends: true, test: { name: 'isolated', include: ['apps/web/src/**/*.test.ts', ...MOCKING] } },
    ],
  },
});
