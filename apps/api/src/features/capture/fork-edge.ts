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

/** The entry `name` (without extension) next to src/: TypeScript in development, JavaScript once built. */
export function edgeEntry(name: string, from: string): URL {
  return new URL(`../../${name}${from.endsWith('.ts') ? '.ts' : '.js'}`, from);
}
