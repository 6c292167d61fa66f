import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// Vitest's global setup: the processes the API forks (captures, the shared browser) run from the
// build in tests (SITEZIP_BUILT_EDGES, see fork-edge.ts), so the build is brought up to date
// first: about a second when it already is.
export default function buildEdges(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b'], { cwd: fileURLToPath(new URL('../../../../', import.meta.url)), stdio: 'inherit' });
}
