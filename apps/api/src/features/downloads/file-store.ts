import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface StoredFileMeta {
  filename: string;
  url: string;
  createdAt: string;
  bytes: number;
}

const ID = /^[A-Za-z0-9_-]{22}$/;

/** True for ids we issue (128 random bits, base64url); nothing else is ever turned into a path. */
export function isFileId(id: string): boolean {
  return ID.test(id);
}

/** Finished ZIPs in a local directory, one `<id>.zip` with an `<id>.json` beside it. */
export class LocalFileStore {
  constructor(private readonly dir: string) {}

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  zipPath(id: string): string {
    if (!isFileId(id)) throw new Error(`invalid file id ${id}`);
    return join(this.dir, `${id}.zip`);
  }

  async saveMeta(id: string, meta: StoredFileMeta): Promise<void> {
    await writeFile(join(this.dir, `${id}.json`), JSON.stringify(meta));
  }

  async readMeta(id: string): Promise<StoredFileMeta | undefined> {
    if (!isFileId(id)) return undefined;
    try {
      return JSON.parse(await readFile(join(this.dir, `${id}.json`), 'utf8')) as StoredFileMeta;
    } catch {
      return undefined;
    }
  }
}
