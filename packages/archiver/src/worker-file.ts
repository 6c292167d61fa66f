import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the module `name` beside the module at `from` (its import.meta.url), in
 * the same form: .js when compiled, .cjs in the command's bundle (an entry point of its own
 * there, scripts/bundle.mjs), .ts under vitest and tsx, where the thread first registers tsx.
 */
export function startWorkerBeside(name: string, from: string, options: WorkerOptions): Worker {
  const ext = /\.[cm]?[jt]s$/.exec(new URL(from).pathname)?.[0] ?? '.js';
  const url = new URL(`./${name}${ext}`, from);
  if (ext !== '.ts') return new Worker(url, options);
  // The ESM form of tsx's API: its CommonJS one finds its loader by a path that does not exist.
  const tsx = pathToFileURL(createRequire(from).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const code = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(code, { ...options, eval: true });
}
