import { fork, type ChildProcess, type StdioOptions } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { RunAs } from '../../lib/system-user.js';

/**
 * Forks a process edge of this app (a capture process, the shared browser's process) as
 * `runAs` when given. In development and tests the entry is TypeScript, run through tsx against
 * workspace sources.
 */
export function forkEdge(entry: URL, options: { execArgv?: string[]; stdio: StdioOptions; runAs?: RunAs | undefined }): ChildProcess {
  const typescript = entry.pathname.endsWith('.ts');
  return fork(fileURLToPath(entry), [], {
    execArgv: [...(typescript ? ['--conditions=source', '--import', 'tsx'] : []), ...(options.execArgv ?? [])],
    stdio: options.stdio,
    serialization: 'advanced',
    // An unprivileged user has no home of its own: Chromium keeps its profile data under it.
    ...(options.runAs ? { ...options.runAs, env: { ...process.env, HOME: tmpdir() } } : {}),
  });
}

/**
 * The entry `name` (without extension) next to src/: TypeScript in development, JavaScript once
 * built. The tests run from sources but fork the build (SITEZIP_BUILT_EDGES=1; their global setup
 * brings it up to date first): under tsx each of their ~170 forked processes took 0.6 s more
 * CPU to start, compiling what the build already holds.
 */
export function edgeEntry(name: string, from: string): URL {
  if (!from.endsWith('.ts')) return new URL(`../../${name}.js`, from);
  return process.env.SITEZIP_BUILT_EDGES === '1' ? new URL(`../../../dist/${name}.js`, from) : new URL(`../../${name}.ts`, from);
}
