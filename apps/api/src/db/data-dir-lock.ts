import { open, readFile, rm, writeFile } from 'node:fs/promises';

export interface LockOwner {
  pid: number;
  /** Where the owning server listens, so other processes can reach it instead. */
  port?: number;
  adminToken?: string;
}

export class DataDirLockedError extends Error {
  constructor(readonly owner: LockOwner) {
    super(`The data directory is in use by process ${owner.pid}.`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not lock its directory, and two processes writing one would corrupt it, so the
 * process that opens it holds this lock file; a lock left by a dead process is taken over.
 */
export class DataDirLock {
  private constructor(
    private readonly path: string,
    private owner: LockOwner,
  ) {}

  static async acquire(path: string): Promise<DataDirLock> {
    const owner: LockOwner = { pid: process.pid };
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const handle = await open(path, 'wx', 0o600);
        await handle.writeFile(JSON.stringify(owner));
        await handle.close();
        return new DataDirLock(path, owner);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const current = await DataDirLock.read(path);
        if (current && current.pid !== process.pid && isAlive(current.pid)) throw new DataDirLockedError(current);
        await rm(path, { force: true });
      }
    }
    throw new Error(`Could not lock ${path}`);
  }

  static async read(path: string): Promise<LockOwner | undefined> {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as LockOwner;
    } catch {
      return undefined;
    }
  }

  /** Publishes how to reach this process (its port and admin token). */
  async announce(details: Omit<LockOwner, 'pid'>): Promise<void> {
    this.owner = { ...this.owner, ...details };
    await writeFile(this.path, JSON.stringify(this.owner), { mode: 0o600 });
  }

  async release(): Promise<void> {
    const current = await DataDirLock.read(this.path);
    if (current?.pid === process.pid) await rm(this.path, { force: true });
  }
}
