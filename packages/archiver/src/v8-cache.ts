import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';

// Where V8's code cache is kept, for the command's own bundle (cli-start.ts) and playwright-core's
// (render/code-cache.ts): Node 20 has no compile cache of its own.

/**
 * `$XDG_CACHE_HOME/sitezip/v8` (or `~/.cache/...`): this user's own folder, or none (a user
 * without a home, a folder someone else owns: the code in it would run here).
 */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    const folder = join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'sitezip', 'v8');
    makeFolders(folder);
    const stat = statSync(folder);
    return stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0 ? folder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `mkdir -p`, one level at a time: Node 20's recursive mkdirSync never returns under /proc (it
 * retries the parent that ENOENT names there forever), and XDG_CACHE_HOME is the user's to set.
 */
function makeFolders(folder: string): void {
  const missing: string[] = [];
  for (let path = folder; !existsSync(path); path = dirname(path)) {
    if (dirname(path) === path) break;
    missing.push(path);
  }
  for (const path of missing.reverse()) mkdirSync(path, { mode: 0o700 });
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

export function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Left behind, it only makes a later render write the cache once more.
  }
}
