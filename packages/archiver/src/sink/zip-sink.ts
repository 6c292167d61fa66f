import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { Readable, type Writable } from 'node:stream';
import yazl from 'yazl';
import type { ArchiveSink } from './archive-sink.js';
import { CentralDirectory } from './central-directory.js';
import { NameArena } from './name-arena.js';
import { useNativeCrc32 } from './native-crc32.js';

useNativeCrc32();

/**
 * Bodies given to yazl that it has not begun to write: past this the capture waits (pages in
 * flight hold their rewritten bodies until then). At full speed the crawl out-ran the ZIP and
 * a 4,000-page crawl held 3,000 bodies (and the 8 KB pool slabs small ones are cut from).
 */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;
const MAX_QUEUED_ENTRIES = 256;

/** What yazl keeps of an entry that is ours to drop (not part of its typed surface, hence yazl pinned exactly in package.json). */
interface YazlEntry {
  state: number;
  doFileDataPump?: (() => void) | undefined;
  utf8FileName: Buffer;
  getCentralDirectoryRecord(): Buffer;
}

/** yazl's state of an entry whose data is written (Entry.FILE_DATA_DONE). */
const FILE_DATA_DONE = 3;

/**
 * Streams entries into a ZIP as they arrive: yazl writes each one to `output` in order and
 * releases it, so memory holds only entries not yet written, never the whole archive.
 */
export class ZipSink implements ArchiveSink {
  protected readonly zip = new yazl.ZipFile();
  private readonly done: Promise<void>;
  private readonly paths = new Set<string>();
  protected readonly mtime = new Date();
  private queuedBytes = 0;
  private queuedEntries = 0;
  private waiting: (() => void)[] = [];
  private readonly names = new NameArena();
  private readonly directory = new CentralDirectory();
  /** Entries before this index are written and stand in yazl's list as `standIn`. */
  private compacted = 0;
  /**
   * What stands in yazl's list for every written entry: yazl asks each, in order, for its
   * central directory record when the archive closes, and gets the next one kept.
   */
  private readonly standIn = { state: FILE_DATA_DONE, getCentralDirectoryRecord: () => this.directory.next() };

  constructor(private readonly output: Writable) {
    this.zip.outputStream.pipe(output);
    this.done = finished(output);
    // Surface write errors through close() rather than as an unhandled rejection.
    this.done.catch(() => undefined);
    // An output that ends or fails writes nothing more: whoever waits for room goes on.
    void this.done.finally(() => this.release(true)).catch(() => undefined);
  }

  async add(path: string, data: Buffer, options: { compress: boolean }): Promise<void> {
    this.claim(path);
    // Not addBuffer: yazl keeps every buffer it was given (deflated: a view of a 16 KB zlib chunk)
    // until the archive closes, which made a 20,000-page crawl hold 400 MB. A lazy stream lets
    // the body go once its entry is written.
    let body: Buffer | undefined = data;
    const size = data.length;
    this.queuedBytes += size;
    this.queuedEntries++;
    // Added before any wait: JournaledZipSink follows the entry yazl queues synchronously.
    this.addLazy(path, { compress: options.compress, size }, (cb) => {
      const chunks = body && body.length > 0 ? [body] : [];
      body = undefined;
      this.queuedBytes -= size;
      this.queuedEntries--;
      this.release(false);
      cb(null, Readable.from(chunks, { objectMode: false }));
    });
    if (this.queuedBytes > MAX_QUEUED_BYTES || this.queuedEntries > MAX_QUEUED_ENTRIES) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /** An entry whose bytes yazl asks for when its turn comes. */
  protected addLazy(path: string, options: { compress: boolean; size: number }, open: Parameters<yazl.ZipFile['addReadStreamLazy']>[2]): void {
    const entries = (this.zip as unknown as { entries: YazlEntry[] }).entries;
    // The entry yazl is about to push; it calls back only for an entry it kept.
    const index = entries.length;
    this.zip.addReadStreamLazy(path, { ...options, mtime: this.mtime }, (cb) => {
      // The function that starts an entry's data holds two closures and their scopes; yazl calls
      // it once, at the entry's turn, and may still read the entry until its data is written.
      entries[index]!.doFileDataPump = undefined;
      this.compact(entries, index);
      open(cb);
    });
    // yazl keeps the name as `Buffer.from(path)` too; the arena's copy costs its bytes only.
    const entry = entries[index];
    if (entry) entry.utf8FileName = this.names.copy(entry.utf8FileName);
  }

  /**
   * Keeps the central directory records of the entries before `end`, all written (yazl writes
   * one entry after the other and has begun the one at `end`), and drops yazl's objects for them.
   */
  private compact(entries: YazlEntry[], end: number): void {
    for (; this.compacted < end; this.compacted++) {
      this.directory.add(entries[this.compacted]!.getCentralDirectoryRecord());
      entries[this.compacted] = this.standIn as YazlEntry;
    }
  }

  /** Lets waiting callers go once the queue is down to half its limits (or at once when the output is done). */
  private release(all: boolean): void {
    if (this.waiting.length === 0) return;
    if (!all && (this.queuedBytes > MAX_QUEUED_BYTES / 2 || this.queuedEntries > MAX_QUEUED_ENTRIES / 2)) return;
    const waiting = this.waiting;
    this.waiting = [];
    for (const go of waiting) go();
  }

  async addFile(path: string, source: string, options: { compress: boolean; size: number }): Promise<void> {
    this.claim(path);
    // Opened only when this entry's turn comes: thousands of queued files never hold a descriptor each.
    this.addLazy(path, { compress: options.compress, size: options.size }, (cb) => cb(null, createReadStream(source)));
  }

  async close(): Promise<void> {
    this.zip.end();
    await this.done;
  }

  async abort(): Promise<void> {
    this.output.destroy();
    this.release(true);
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
