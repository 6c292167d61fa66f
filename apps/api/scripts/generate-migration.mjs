// `npm run db:generate -w apps/api -- --name <what>`: writes a migration after a schema change.
// npm keeps drizzle-orm inside apps/api/node_modules (peer dependencies stop it from being
// hoisted), where drizzle-kit, installed at the root, does not look: link it there meanwhile.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const api = fileURLToPath(new URL('..', import.meta.url));
const link = fileURLToPath(new URL('../../../node_modules/drizzle-orm', import.meta.url));
const linked = !existsSync(link);
if (linked) symlinkSync(fileURLToPath(new URL('../node_modules/drizzle-orm', import.meta.url)), link, 'dir');
try {
  const run = spawnSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], { cwd: api, stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
} finally {
  if (linked) rmSync(link);
}
