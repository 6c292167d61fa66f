import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipSink, type ArchiveSink } from '@sitezip/archiver';
import { isJobId } from '../jobs/job-id.js';

export interface ByteRange {
  start: number;
  /** Inclusive, as in HTTP. */
  end: number;
}

/**
 * The bytes of one ZIP on their way into the store. Whoever writes ends `stream` only when the
 * ZIP is complete; `commit` then makes it visible under its id, `abort` leaves nothing.
 */
export interface ZipUpload {
  readonly stream: Writable;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * Where finished ZIPs live. A capture streams its ZIP into `createUpload(id)`; the file exists
 * for readers once the upload is committed (an aborted one leaves nothing). Readers stream whole
 * files or byte ranges (downloads, Range requests, previews).
 */
export interface FileStore {
  createUpload(id: string): ZipUpload;
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

  createUpload(id: string): ZipUpload {
    const staging = join(this.staging, `${checked(id)}.zip`);
    const stream = createWriteStream(staging);
    const written = finished(stream);
    written.catch(() => undefined);
    return {
      stream,
      // Readers never see a half-written ZIP: it appears under its name once complete.
      commit: async () => {
        await written;
        await rename(staging, this.path(id));
      },
      abort: async () => {
        stream.destroy();
        await written.catch(() => undefined);
        await rm(staging, { force: true });
      },
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

/** An archive sink writing straight into an upload: a capture in this process (tests, tools). */
export function uploadSink(upload: ZipUpload): ArchiveSink {
  const sink = new ZipSink(upload.stream);
  return {
    add: (path, data, options) => sink.add(path, data, options),
    addStored: (path, raw) => sink.addStored(path, raw),
    addFile: (path, source, options) => sink.addFile(path, source, options),
    close: async () => {
      await sink.close();
      await upload.commit();
    },
    abort: async () => {
      await sink.abort();
      await upload.abort();
    },
  };
}
