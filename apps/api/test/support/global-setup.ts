import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const migrations = join(root, 'apps/api/drizzle');
const require = createRequire(import.meta.url);

// Vitest's global setup, run once before any test file. It does for every file what each
// would otherwise do again, CPU the 2-core machine lacks when the whole suite runs.
export default async function globalSetup(): Promise<void> {
  // Vitest calls it for the root config and for each project, in this one process.
  const done = globalThis as { sitezipTestSetup?: boolean };
  if (done.sitezipTestSetup) return;
  done.sitezipTestSetup = true;
  buildEdges();
  process.env.PGLITE_TEMPLATE = await pgliteTemplate();
}

/**
 * The processes the API forks (captures, the shared browser) run from the build in tests
 * (SITEZIP_BUILT_EDGES, see fork-edge.ts): the build is brought up to date first, about a
 * second when it already is.
 */
function buildEdges(): void {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b'], { cwd: root, stdio: 'inherit' });
}

/**
 * A dump of an in-memory PGlite with every migration applied, that the tests' databases start
 * from (PGLITE_TEMPLATE): kept in the temp folder under a hash of the migrations and PGlite's
 * version, so it is made again only when either changes.
 */
async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  // (Its package.json is not among its exports: found beside its entry file, in dist/.)
  hash.update(readFileSync(join(require.resolve('@electric-sql/pglite'), '../../package.json')));
  for (const file of readdirSync(migrations, { recursive: true, withFileTypes: true }).filter((f) => f.isFile())) {
    const path = join(file.parentPath, file.name);
    hash.update(relative(migrations, path)).update(readFileSync(path));
  }
  const file = join(tmpdir(), `sitezip-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return file;
  const client = await PGlite.create('memory://');
  try {
    await migrate(drizzle(client), { migrationsFolder: migrations });
    const dump = await client.dumpDataDir('none');
    // Two runs at once may both make it: each renames a whole file into place.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}
