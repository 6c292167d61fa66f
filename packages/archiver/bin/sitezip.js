#!/usr/bin/env node
// A crawl's live heap is small (about 2 KB a file) but V8 lets the old generation grow up to 4
// times what survived the last full collection before collecting again, and the young one to
// 32 MB: most of a site crawl's peak memory was that slack. These two flags are read at each
// collection, so they still apply when set here (heap size flags would need a second process):
// the old generation grows by half between collections, the young one stays at its first 1 MB
// semi-spaces. Measured in README "Benchmarks": 30 to 40 MB less peak RSS on the docs site for
// 4 to 6 % more CPU time there, 15 to 36 % more on CPU-bound crawls. Site crawls only: loading
// node:v8 would add 5 to 10 ms to a single page's start, whose heap stays small anyway.
if (process.argv.includes('--full')) {
  const { setFlagsFromString } = await import('node:v8');
  const heapFlags = '--heap-growing-percent=50 --semi-space-growth-factor=1';
  setFlagsFromString(heapFlags);
  // Each new isolate (the page parser's worker thread) puts the semi-space growth factor back to 2.
  process.on('worker', (worker) => worker.once('online', () => setFlagsFromString(heapFlags)));
}

// The command runs a pre-bundled file (plus chunks loaded on demand): resolving and loading
// hundreds of modules would cost more than capturing a small page.
const { main } = await import('../dist/bundle/sitezip.mjs');

process.exitCode = await main(process.argv.slice(2));
