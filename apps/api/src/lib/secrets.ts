import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

interface Secrets {
  jwtSecret: string;
}

/**
 * Secrets generated on first start and kept in DATA_DIR (mode 600), so tokens survive
 * restarts without any setup. Scaled deployments pass JWT_SECRET instead.
 */
export async function loadOrCreateSecrets(dataDir: string): Promise<Secrets> {
  const path = join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(await readFile(path, 'utf8')) as Partial<Secrets>;
    if (typeof stored.jwtSecret === 'string' && stored.jwtSecret.length >= 32) return { jwtSecret: stored.jwtSecret };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets = { jwtSecret: randomBytes(48).toString('base64url') };
  await mkdir(dataDir, { recursive: true });
  await writeFile(path, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    // Another process created it first: use theirs.
    if (error.code !== 'EEXIST') throw error;
  });
  return JSON.parse(await readFile(path, 'utf8')) as Secrets;
}
