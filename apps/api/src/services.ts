import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Config } from './config.js';
import { DataDirLock } from './db/data-dir-lock.js';
import { openDatabase, type Database } from './db/database.js';
import { AdminService } from './features/admin/admin-service.js';
import { AuthService } from './features/auth/auth-service.js';
import { TokenService } from './features/auth/tokens.js';
import { UsersRepository } from './features/users/users-repository.js';
import { loadOrCreateSecrets } from './lib/secrets.js';

/** Everything the routes use, built once per process from the config. */
export interface Services {
  database: Database;
  /** Held while this process owns an on-disk PGlite directory. */
  lock: DataDirLock | undefined;
  users: UsersRepository;
  auth: AuthService;
  admin: AdminService;
  adminToken: string;
  close(): Promise<void>;
}

export function pgliteLockPath(config: Readonly<Config>): string | undefined {
  const target = config.database;
  return target.kind === 'pglite' && !target.dataDir.startsWith('memory://') ? `${target.dataDir}.lock` : undefined;
}

export async function createServices(config: Readonly<Config>): Promise<Services> {
  await mkdir(config.dataDir, { recursive: true });
  const lockPath = pgliteLockPath(config);
  const lock = lockPath ? await DataDirLock.acquire(lockPath) : undefined;
  let database: Database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const jwtSecret = config.jwtSecret ?? (await loadOrCreateSecrets(config.dataDir)).jwtSecret;
  const users = new UsersRepository(database.db);
  return {
    database,
    lock,
    users,
    auth: new AuthService(users, new TokenService(jwtSecret, config.jwtTtlSeconds), config.passwordHashCost),
    admin: new AdminService(users),
    adminToken: randomBytes(24).toString('base64url'),
    async close() {
      await database.close();
      await lock?.release();
    },
  };
}
