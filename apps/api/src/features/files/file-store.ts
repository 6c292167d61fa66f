import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { zipFileSink, type ArchiveSink } from '@sitezip/archiver';

const ID = /^[A-Za-z0-9_-]{22}$/;

/** True for ids we issue (128 random bits, base64url); nothing else is ever turned into a path. */
export function isJobId(id: string): boolean {
  return ID.test(id);
}

export interface ByteRange {
  start: number;
  /** Inclusive, as in HTTP. */
  end: number;
}

/**
 * Where finished ZIPs live. A capture streams its ZIP into `createSink(id)`; the file exists
 * for readers once the sink is closed (an aborted sink leaves nothing). Readers stream whole
 * files or byte ranges (downloads, Range requests, previews).
 */
export interface FileStore {
  createSink(id: string): ArchiveSink;
  stat(id: string): Promise<{ bytes: number } | undefined>;
  read(id: string, range?: ByteRange): Promise<Readable>;
  delete(id: string): Promise<void>;
}

/** Files in a local directory (the embedded default): `<dir>/<id>.zip`. */
export class LocalFileStore implements FileStore {
  private readonly staging: string;

  constructor(private readonly dir: string) {
    this.staging = join(dir, 'staging');
  }

  async init(): Promise<void> {
    await mkdir(this.staging, { recursive: true });
  }

  createSink(id: string): ArchiveSink {
    const staging = join(this.staging, `${checked(id)}.zip`);
    const sink = zipFileSink(staging);
    return {
      add: (path, data, options) => sink.add(path, data, options),
      addFile: (path, source, options) => sink.addFile(path, source, options),
      // Readers never see a half-written ZIP: it appears under its name once complete.
      close: async () => {
        await sink.close();
        await rename(staging, this.path(id));
      },
      abort: () => sink.abort(),
    };
  }

  async stat(id: string): Promise<{ bytes: number } | undefined> {
    if (!isJobId(id)) return undefined;
    try {
      return { bytes: (await stat(this.path(id))).size };
    } catch {
      return undefined;
    }
  }

  async read(id: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.path(id), range ? { start: range.start, end: range.end } : {});
  }

  async delete(id: string): Promise<void> {
    await rm(this.path(id), { force: true });
  }

  private path(id: string): string {
    return join(this.dir, `${checked(id)}.zip`);
  }
}

function checked(id: string): string {
  if (!isJobId(id)) throw new Error(`invalid file id ${id}`);
  return id;
}
