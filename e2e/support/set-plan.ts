import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The operator command (`npm run admin -- set-plan`), against the running test server. */
export function setPlan(email: string, plan: 'free' | 'monthly' | 'yearly'): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/api/src/admin.ts', 'set-plan', email, plan],
      { cwd: root, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, LOG_LEVEL: 'silent' } },
      (error, stdout, stderr) => (error ? reject(new Error(stderr || error.message)) : resolve(stdout)),
    );
  });
}
