import { test as base } from '@playwright/test';
import { closeSharedFirefoxes } from './firefox.js';

export { expect } from '@playwright/test';

/**
 * Playwright's `test` with the worker's shared Firefoxes (sharedFirefox) closed when the worker
 * stops: spec files that use them import `test` from here.
 */
export const test = base.extend<object, { sharedFirefoxes: void }>({
  sharedFirefoxes: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    async ({}, use) => {
      await use();
      await closeSharedFirefoxes();
    },
    { scope: 'worker', auto: true },
  ],
});
