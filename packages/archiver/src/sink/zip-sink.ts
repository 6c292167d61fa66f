import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { DuplicatePathError, type ArchiveSink } from './archive-sink.js';
import { ZipWriter, type EntrySource, type StoredBytes, type WrittenEntry } from './zip-writer.js';

/**
 * Bodies queued that the writer has not begun to write: past this the capture waits (pages in
 * flight hold their rewritten bodies until then). At full speed the crawl out-ran the ZIP and
 * a 4,000-page crawl held 3,000 bodies (and the 8 KB pool slabs small ones are cut from).
 */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;
const MAX_QUEUED_ENTRIES = 256;

interface Queued {
  path: string;
  source: EntrySource;
  /** Bytes the entry holds in memory while it waits. */
  held: number;
}

/**
 * Streams entries into a ZIP as they arrive: each is written to `output` in order and let go,
 * so memory holds only entries not yet written (and each written one's central directory
 * record), never the whole archive.
 */
export class ZipSink implements ArchiveSink {
  protected readonly mtime = new Date();
  private readonly writer: ZipWriter;
  private readonly done: Promise<void>;
  private readonly paths = new Set<string>();
  private readonly queue: Queued[] = [];
  private queuedBytes = 0;
  private waiting: (() => void)[] = [];
  /** The entries being written, one after the other; rejects when one fails. */
  private pump: Promise<void> | undefined;
  private failure: Error | undefined;

  constructor(private readonly output: Writable) {
    this.writer = new ZipWriter(output, this.mtime);
    this.done = finished(output);
    // Surface write errors through close() rather than as an unhandled rejection.
    this.done.catch(() => undefined);
    // An output that ends or fails writes nothing more: whoever waits for room goes on.
    void this.done.finally(() => this.release(true)).catch(() => undefined);
  }

  async add(path: string, data: Buffer, options: { compress: boolean }): Promise<void> {
    return this.enqueue(path, { kind: 'buffer', data, compress: options.compress }, data.length);
  }

  /** Adds bytes as another ZIP stored them (see PreviousCopy.storedBytes): copied, not inflated and deflated again. */
  async addStored(path: string, raw: StoredBytes): Promise<void> {
    return this.enqueue(path, { kind: 'raw', raw }, raw.data.length);
  }

  async addFile(path: string, source: string, options: { compress: boolean; size: number }): Promise<void> {
    // Opened only when this entry's turn comes: thousands of queued files never hold a descriptor each.
    await this.enqueue(path, { kind: 'stream', open: () => createReadStream(source), ...options }, 0);
  }

  async close(): Promise<void> {
    await this.pump;
    if (this.failure) throw this.failure;
    await this.writer.finish();
    await this.done;
  }

  async abort(): Promise<void> {
    this.output.destroy();
    this.release(true);
    await this.pump?.catch(() => undefined);
    await this.done.catch(() => undefined);
  }

  /** Called once an entry's bytes are handed to the output. */
  protected written?(path: string, where: WrittenEntry, source: EntrySource): void;

  protected enqueue(path: string, source: EntrySource, held: number): Promise<void> {
    if (this.paths.has(path)) throw new DuplicatePathError(path);
    if (this.failure) return Promise.reject(this.failure);
    this.paths.add(path);
    this.queue.push({ path, source, held });
    this.queuedBytes += held;
    this.pump ??= this.writeQueued();
    if (this.queuedBytes <= MAX_QUEUED_BYTES && this.queue.length <= MAX_QUEUED_ENTRIES) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private async writeQueued(): Promise<void> {
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        this.queuedBytes -= next.held;
        this.release(false);
        const where = await this.writer.write(next.path, next.source);
        this.written?.(next.path, where, next.source);
      }
    } catch (error) {
      // The archive cannot go on: the capture learns it at its next add, or at close.
      this.failure = error as Error;
      this.output.destroy(this.failure);
      this.release(true);
    } finally {
      this.pump = undefined;
    }
  }

  /** Lets waiting callers go once the queue is down to half its limits (or at once when the output is done). */
  private release(all: boolean): void {
    if (this.waiting.length === 0) return;
    if (!all && (this.queuedBytes > MAX_QUEUED_BYTES / 2 || this.queue.length > MAX_QUEUED_ENTRIES / 2)) return;
    const waiting = this.waiting;
    this.waiting = [];
    for (const go of waiting) go();
  }
}

/** A ZipSink writing to a file; `abort()` removes the partial file. */
export function zipFileSink(path: string): ArchiveSink {
  const sink = new ZipSink(createWriteStream(path));
  return {
    add: (entry, data, options) => sink.add(entry, data, options),
    addStored: (entry, raw) => sink.addStored(entry, raw),
    addFile: (entry, source, options) => sink.addFile(entry, source, options),
    close: () => sink.close(),
    abort: async () => {
      await sink.abort();
      await rm(path, { force: true });
    },
  };
}
