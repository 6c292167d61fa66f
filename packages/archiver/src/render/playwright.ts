import { createRequire } from 'node:module';
import type * as Playwright from 'playwright-core';
import { cacheFolder, withCodeCache } from './code-cache.js';

/**
 * playwright-core, loaded on first use (the static capture path never pays for it). By
 * require(), not import(): importing CommonJS from ESM first runs Node's export scanner
 * (cjs-module-lexer) over the 7 MB of bundles it re-exports, 30 % of the load in a profile
 * (2.7 s → 2.0 s under a load of 25). Its bundles' compiled code comes from V8's code cache
 * (code-cache.ts). Node keeps the module: later calls cost nothing.
 */
export function loadPlaywright(): typeof Playwright {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  loaded = withCodeCache(cacheFolder(), () => require('playwright-core') as typeof Playwright);
  return loaded;
}

let loaded: typeof Playwright | undefined;
