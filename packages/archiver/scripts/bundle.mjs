// The command's bundles (dist/bundle), made from tsc's output: resolving and loading hundreds of
// modules would cost more than capturing a small page.
//   start.cjs             the process entry (src/cli-start.ts): loads cli.cjs from V8's code cache
//   cli.cjs               the command, one CommonJS script (V8 caches scripts, not ES modules)
//   html-scan-worker.cjs  the page parser's worker thread
//   live-script-worker.cjs  the thread that rewrites a rendered page's scripts for its live copy
// No import() may be left in cli.cjs: in Node 20 a script compiled from the code cache loses its
// dynamic import callback ("A dynamic import callback was not specified").
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/bundle', { recursive: true, force: true });

await build({
  entryPoints: { start: 'dist/cli-start.js', cli: 'dist/cli.js', 'html-scan-worker': 'dist/parse/html-scan-worker.js', 'live-script-worker': 'dist/capture/live-script-worker.js' },
  bundle: true,
  minify: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  outdir: 'dist/bundle',
  outExtension: { '.js': '.cjs' },
  external: ['playwright-core', 'meriyah'],
  // The one top-level await among the dependencies (see temp-dir-sync.mjs).
  alias: { 'temp-dir': './scripts/temp-dir-sync.mjs' },
  // Code that finds files beside itself (the parse worker) reads import.meta.url.
  define: { 'import.meta.url': '__import_meta_url' },
  banner: { js: "const __import_meta_url=require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
});
