import Module from 'node:module';
import { dirname, join } from 'node:path';
import { constants, Script } from 'node:vm';
import { cacheName, readOrUndefined, writeAtomically } from '../v8-cache.js';

export { cacheFolder } from '../v8-cache.js';

// V8's code cache for playwright-core's two bundles (7 MB): Node 20 has no compile cache of its
// own (module.enableCompileCache() came with Node 22), and compiling them was a quarter of
// loading playwright-core in a profile. Compiled once, the code is kept in the user's cache
// folder and the next process loads it from there (0.47 → 0.29–0.35 s at load 14).

/** The files cached: the rest of playwright-core is small. */
const BUNDLE = /[\\/]playwright-core[\\/]lib[\\/](?:coreBundle|utilsBundle)\.js$/;

type Compile = (this: Module, content: string, filename: string) => unknown;
const prototype = Module.prototype as unknown as { _compile: Compile };

/**
 * Runs `load` (a require() of playwright-core) with its bundles compiled from V8's code cache in
 * `folder` (`cacheFolder()`), writing the cache where there was none or V8 refused it (another
 * Node, another build of the bundle). Only while `load` runs: nothing else is compiled this way.
 */
export function withCodeCache<T>(folder: string | undefined, load: () => T): T {
  if (!folder) return load();
  const original = prototype._compile;
  const writes: (() => void)[] = [];
  prototype._compile = function (content, filename) {
    if (!BUNDLE.test(filename)) return original.call(this, content, filename);
    const file = join(folder, cacheName(filename));
    const cachedData = readOrUndefined(file);
    const script = new Script(Module.wrap(content), { filename, cachedData, importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    const result = wrapper.call(this.exports, this.exports, Module.createRequire(filename), this, filename, dirname(filename));
    // After running: the cache then holds the functions the load compiled too.
    if (!cachedData || script.cachedDataRejected) writes.push(() => writeAtomically(file, script.createCachedData()));
    return result;
  };
  try {
    return load();
  } finally {
    prototype._compile = original;
    for (const write of writes) write();
  }
}
