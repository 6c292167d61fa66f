import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { Readable, type Writable } from 'node:stream';
import yazl from 'yazl';
import type { ArchiveSink } from './archive-sink.js';
import { useNativeCrc32 } from './native-crc32.js';

useNativeCrc32();

/**
 * Streams entries into a ZIP as they arrive: yazl writes each one to `output` in order and
 * releases it, so memory holds only entries not yet written, never the whole archive.
 */
export class ZipSink implements ArchiveSink {
  protected readonly zip = new yazl.ZipFile();
  private readonly done: Promise<void>;
  private readonly paths = new Set<string>();
  protected readonly mtime = new Date();

  constructor(private readonly output: Writable) {
    this.zip.outputStream.pipe(output);
    this.done = finished(output);
    // Surface write errors through close() rather than as an unhandled rejection.
    this.done.catch(() => undefined);
  }

  async add(path: string, data: Buffer, options: { compress: boolean }): Promise<void> {
    this.claim(path);
    // Not addBuffer: yazl keeps every buffer it was given (deflated: a view of a 16 KB zlib chunk)
    // until the archive closes, which made a 20,000-page crawl hold 400 MB. A lazy stream lets
    // the body go once its entry is written.
    let body: Buffer | undefined = data;
    this.zip.addReadStreamLazy(path, { compress: options.compress, size: data.length, mtime: this.mtime }, (cb) => {
      const chunks = body && body.length > 0 ? [body] : [];
      body = undefined;
      cb(null, Readable.from(chunks, { objectMode: false }));
    });
  }

  async addFile(path: string, source: string, options: { compress: boolean; size: number }): Promise<void> {
    this.claim(path);
    // Opened only when this entry's turn comes: thousands of queued files never hold a descriptor each.
    this.zip.addReadStreamLazy(path, { compress: options.compress, size: options.size, mtime: this.mtime }, (cb) =>
      cb(null, createReadStream(source)),
    );
  }

  async close(): Promise<void> {
    this.zip.end();
    await this.done;
  }

  async abort(): Promise<void> {
    this.output.destroy();
    await this.done.catch(() => undefined);
  }

  protected claim(path: string): void {
    if (this.paths.has(path)) throw new Error(`duplicate archive path ${path}`);
    this.paths.add(path);
  }
}

/** A ZipSink writing to a file; `abort()` removes the partial file. */
export function zipFileSink(path: string): ArchiveSink {
  const sink = new ZipSink(createWriteStream(path));
  return {
    add: (entry, data, options) => sink.add(entry, data, options),
    addFile: (entry, source, options) => sink.addFile(entry, source, options),
    close: () => sink.close(),
    abort: async () => {
      await sink.abort();
      await rm(path, { force: true });
    },
  };
}
