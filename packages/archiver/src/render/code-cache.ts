import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { constants, Script } from 'node:vm';

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

/**
 * `$XDG_CACHE_HOME/sitezip/v8` (or `~/.cache/...`): this user's own folder, or none (a user
 * without a home, a folder someone else owns: the code in it would run here).
 */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    const folder = join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'sitezip', 'v8');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stat = statSync(folder);
    return stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0 ? folder : undefined;
  } catch {
    return undefined;
  }
}

/** One name per bundle file, Node and V8 build: a new version of either gets a cache of its own. */
export function cacheName(filename: string): string {
  const { size, mtimeMs } = statSync(filename);
  const key = createHash('sha256').update(`${filename}\0${size}\0${mtimeMs}\0${process.version}\0${process.versions.v8}`).digest('hex').slice(0, 16);
  return `${basename(filename, '.js')}-${key}.bin`;
}

export function readOrUndefined(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written beside and renamed: another process never reads half a cache. A cache is optional: failing to write one is no error. */
export function writeAtomically(file: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, data, { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    // A full disk, a read-only home: the next load compiles again.
  }
}
