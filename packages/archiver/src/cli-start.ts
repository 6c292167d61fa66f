import Module from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { cacheFolder, cacheName, readOrUndefined, removeQuietly, writeAtomically } from './v8-cache.js';

// The `sitezip` process starts here (dist/bundle/start.cjs). The command itself is one CommonJS
// bundle (cli.cjs) compiled from V8's code cache, as playwright-core's bundles are (code-cache.ts):
// Node 20 has no compile cache, and for a small page compiling our own code on first use was a
// good part of the process's CPU time. A script, not ES modules: V8's cache is for scripts, and
// Node's ES module loader alone cost about 10 ms more to start than a CommonJS entry.

type Cli = { main(argv: string[]): Promise<number>; renderedHere(): boolean };

const here = fileURLToPath(import.meta.url);

/** Loads `filename` as CommonJS, from the code cache in `folder` when it has one V8 accepts. */
function loadCompiled(filename: string, folder: string | undefined): { cli: Cli; saveCache(rendered: boolean): void } {
  const file = folder && join(folder, cacheName(filename));
  const cachedData = file ? readOrUndefined(file) : undefined;
  const script = new Script(Module.wrap(readFileSync(filename, 'utf8')), { filename, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as Cli };
  const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, Module.createRequire(filename), module, filename, dirname(filename));
  return {
    cli: module.exports,
    // Made after a run, the cache holds the functions that run compiled too. One made by a static
    // capture lacks the renderer's (a render compiled them again each time: 0.15-0.25 s of a
    // capture, and `npm run bench` made its cache with the page bench): the first run that renders writes it anew.
    saveCache: (rendered) => {
      if (!file) return;
      const marker = `${file}.rendered`;
      if (cachedData && !script.cachedDataRejected && (!rendered || existsSync(marker))) return;
      writeAtomically(file, script.createCachedData());
      if (rendered) writeAtomically(marker, Buffer.alloc(0));
      else removeQuietly(marker);
    },
  };
}

/**
 * A crawl's live heap is small (about 2 KB a file) but V8 lets the old generation grow up to 4
 * times what survived the last full collection before collecting again, and the young one to
 * 32 MB: most of a site crawl's peak memory was that slack. These two flags are read at each
 * collection, so they still apply when set here (heap size flags would need a second process):
 * the old generation grows by half between collections, the young one stays at its first 1 MB
 * semi-spaces. Measured in README "Benchmarks": 30 to 40 MB less peak RSS on the docs site for
 * 4 to 6 % more CPU time there, 15 to 36 % more on CPU-bound crawls. Site crawls only: loading
 * node:v8 would add 5 to 10 ms to a single page's start, whose heap stays small anyway.
 */
function holdSiteCrawlHeap(): void {
  const { setFlagsFromString } = Module.createRequire(here)('node:v8') as typeof import('node:v8');
  const heapFlags = '--heap-growing-percent=50 --semi-space-growth-factor=1';
  setFlagsFromString(heapFlags);
  // Each new isolate (the page parser's worker thread) puts the semi-space growth factor back to 2.
  process.on('worker', (worker) => worker.once('online', () => setFlagsFromString(heapFlags)));
}

async function start(argv: string[]): Promise<void> {
  const full = argv.includes('--full');
  const help = argv.some((arg) => arg === '-h' || arg === '--help');
  // --help makes no folder in the user's home.
  const { cli, saveCache } = loadCompiled(join(dirname(here), 'cli.cjs'), help ? undefined : cacheFolder());
  // After compiling: V8 checks its flags against the cache's, and these would not match a page's.
  if (full) holdSiteCrawlHeap();
  process.exitCode = await cli.main(argv);
  // Only a page capture writes the cache: it then holds what a capture runs (not only --help),
  // and a site crawl's flags would make V8 refuse it to the next page.
  if (process.exitCode === 0 && !full && !help) saveCache(cli.renderedHere());
}

void start(process.argv.slice(2));
