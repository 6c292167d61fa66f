import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { inflateRaw as inflateRawCallback } from 'node:zlib';
import { promisify } from 'node:util';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { DuplicatePathError, type ArchiveSink, type ArchivedFile } from './archive-sink.js';
import { ZipWriter, type EntrySource, type StoredBytes, type WrittenEntry } from './zip-writer.js';

/**
 * Bodies queued that the writer has not begun to write: past this the capture waits (pages in
 * flight hold their rewritten bodies until then). At full speed the crawl out-ran the ZIP and
 * a 4,000-page crawl held 3,000 bodies (and the 8 KB pool slabs small ones are cut from).
 */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;
const MAX_QUEUED_ENTRIES = 256;
/** A local header's fixed part: the lengths of its name and extra field end it. */
const LOCAL_HEADER_BYTES = 30;

const inflateRaw = promisify(inflateRawCallback);

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
  /** Entries written (handed to the output) so far, and who waits for a count of them. */
  private writtenCount = 0;
  private countWaiters: { count: number; go: () => void }[] = [];

  /** `outputFile`: where `output` writes, when it is a file this process may read back (see readBack). */
  constructor(
    private readonly output: Writable,
    private readonly outputFile?: string,
  ) {
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

  /**
   * The files added so far, read back from the output file once written, in the order they were
   * added; undefined when the output is no file of ours. For a copy on disk begun late in a
   * capture (copying-sink.ts): keeping one from the start cost a static crawl of 20,000 pages
   * 12 s of its 30 s.
   */
  get readBack(): (() => AsyncIterable<ArchivedFile>) | undefined {
    const file = this.outputFile;
    if (file === undefined) return undefined;
    return () => this.readWritten(file, this.paths.size);
  }

  private async *readWritten(file: string, count: number): AsyncIterable<ArchivedFile> {
    if (count === 0) return;
    await this.writtenUpTo(count);
    if (this.failure) throw this.failure;
    // The output's buffered chunks reach the file before an empty write's callback runs.
    await new Promise<void>((resolve, reject) => this.output.write(Buffer.alloc(0), (error) => (error ? reject(error) : resolve())));
    const handle = await open(file, 'r');
    try {
      const header = Buffer.alloc(LOCAL_HEADER_BYTES);
      let left = count;
      for (const entry of this.writer.writtenEntries()) {
        if (left-- <= 0) break;
        const { bytesRead } = await handle.read(header, 0, LOCAL_HEADER_BYTES, entry.offset);
        if (bytesRead < LOCAL_HEADER_BYTES) throw new Error(`${entry.name}: its local header is not in ${file}`);
        const dataStart = entry.offset + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
        const raw = Buffer.alloc(entry.compressedSize);
        if (raw.length > 0) await handle.read(raw, 0, raw.length, dataStart);
        yield { path: entry.name, data: entry.deflated ? await inflateRaw(raw) : raw };
      }
    } finally {
      await handle.close();
    }
  }

  private writtenUpTo(count: number): Promise<void> {
    if (this.writtenCount >= count || this.failure) return Promise.resolve();
    return new Promise((go) => this.countWaiters.push({ count, go }));
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
        this.writtenCount++;
        this.countWaiters = this.countWaiters.filter(({ count, go }) => (count <= this.writtenCount ? (go(), false) : true));
      }
    } catch (error) {
      // The archive cannot go on: the capture learns it at its next add, or at close.
      this.failure = error as Error;
      this.output.destroy(this.failure);
      this.release(true);
      for (const { go } of this.countWaiters.splice(0)) go();
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
  const sink = new ZipSink(createWriteStream(path), path);
  return {
    add: (entry, data, options) => sink.add(entry, data, options),
    readBack: sink.readBack,
    addStored: (entry, raw) => sink.addStored(entry, raw),
    addFile: (entry, source, options) => sink.addFile(entry, source, options),
    close: () => sink.close(),
    abort: async () => {
      await sink.abort();
      await rm(path, { force: true });
    },
  };
}
