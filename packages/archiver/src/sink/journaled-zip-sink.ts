import { openSync, readSync, closeSync, createReadStream, fstatSync, write, close } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type { CrawlRecord } from '../resume/crawl-record.js';
import { ZipSink } from './zip-sink.js';

type EntryRecord = Extract<CrawlRecord, { t: 'entry' }>;

/** A journaled entry found in an earlier, truncated file of a JournaledZipSink: where its data lies. */
export interface CarriedEntry extends EntryRecord {
  dataStart: number;
  dataEnd: number;
  deflated: boolean;
}

/** What yazl sets on each entry as it writes it (not part of its typed surface). */
interface YazlEntry {
  relativeOffsetOfLocalHeader?: number | null;
}

/**
 * A ZipSink writing to a file that tells, for each entry, when all its bytes are in the file
 * and where: a crawl interrupted at any moment (kill -9 included) can take those entries from
 * the truncated file into its next ZIP. An entry is complete once the file holds the start of
 * the next one (yazl writes them one after the other). `abort()` keeps the file, for that.
 */
export class JournaledZipSink extends ZipSink {
  private readonly writing: { path: string; size: number; entry: YazlEntry }[] = [];

  constructor(
    path: string,
    private readonly onEntry: (record: EntryRecord) => void,
  ) {
    const output = new FileOutput(path);
    super(output);
    output.onWritten = (bytes) => this.written(bytes);
  }

  override add(path: string, data: Buffer, options: { compress: boolean }): Promise<void> {
    return this.follow(path, data.length, () => super.add(path, data, options));
  }

  override addFile(path: string, source: string, options: { compress: boolean; size: number }): Promise<void> {
    return this.follow(path, options.size, () => super.addFile(path, source, options));
  }

  /** Adds an entry of `previous`, an earlier, truncated file of this sink (see carriedEntries), read when its turn comes. */
  carry(previous: string, record: CarriedEntry): void {
    const { dataStart, dataEnd, deflated } = record;
    void this.follow(record.path, record.size, async () => {
      this.claim(record.path);
      this.addLazy(record.path, { compress: deflated, size: record.size }, (cb) => {
        const raw = dataEnd > dataStart ? createReadStream(previous, { start: dataStart, end: dataEnd - 1 }) : Readable.from([]);
        cb(null, deflated ? raw.pipe(createInflateRaw()) : raw);
      });
    });
  }

  /** Adds an entry and follows it: yazl queues it synchronously, before `add` returns its promise. */
  private follow(path: string, size: number, add: () => Promise<void>): Promise<void> {
    const entries = (this.zip as unknown as { entries: YazlEntry[] }).entries;
    const count = entries.length;
    const added = add();
    if (entries.length > count) this.writing.push({ path, size, entry: entries[count]! });
    return added;
  }

  private written(bytes: number): void {
    for (;;) {
      const [done, next] = this.writing;
      const end = next?.entry.relativeOffsetOfLocalHeader;
      if (!done || end == null || end > bytes) return;
      this.writing.shift();
      this.onEntry({ t: 'entry', path: done.path, start: done.entry.relativeOffsetOfLocalHeader!, end, size: done.size });
    }
  }
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const SIZES_AFTER_DATA = 1 << 3;

/**
 * The journaled entries of `file`, an earlier, truncated file of a JournaledZipSink, with where
 * each one's data lies (between its local header and its data descriptor, if it has one).
 * Undefined when the file does not hold one of them (it was cut shorter than its journal says, or
 * replaced): an entry carried from it would be garbage, and the crawl it belongs to must start over.
 */
export function carriedEntries(file: string, records: readonly EntryRecord[]): CarriedEntry[] | undefined {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const header = Buffer.alloc(30);
    const tail = Buffer.alloc(24);
    const carried: CarriedEntry[] = [];
    for (const record of records) {
      const { start, end } = record;
      if (end > size || start + 30 > end || readSync(fd, header, 0, 30, start) < 30 || header.readUInt32LE(0) !== LOCAL_HEADER) return undefined;
      const dataStart = start + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      const deflated = header.readUInt16LE(8) === 8;
      let dataEnd = end;
      if (header.readUInt16LE(6) & SIZES_AFTER_DATA) {
        readSync(fd, tail, 0, 24, end - 24);
        // A ZIP64 descriptor (24 bytes) for entries past 4 GiB, otherwise 16.
        const short = tail.readUInt32LE(8) === DATA_DESCRIPTOR && tail.readUInt32LE(16) === end - 16 - dataStart;
        dataEnd = end - (short ? 16 : 24);
      }
      if (dataEnd < dataStart) return undefined;
      carried.push({ ...record, dataStart, dataEnd, deflated });
    }
    return carried;
  } finally {
    closeSync(fd);
  }
}

/** A file written chunk by chunk, saying after each how many bytes the kernel holds. */
class FileOutput extends Writable {
  onWritten: (bytes: number) => void = () => undefined;
  private bytes = 0;
  private fd: number | undefined;
  /** Called when the write in flight ends: a descriptor closed under it could be reused by another file. */
  private settled: (() => void) | undefined;

  constructor(path: string) {
    super();
    this.fd = openSync(path, 'w');
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.writeChunk(chunk, done);
  }

  /**
   * The chunks queued while a write was in flight, in one write: yazl hands over a header, the
   * data and a descriptor for each entry, and an update that copies thousands of small files
   * spent 0.5 s of its main thread on their writes one by one.
   */
  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void): void {
    this.writeChunk(chunks.length === 1 ? chunks[0]!.chunk : Buffer.concat(chunks.map(({ chunk }) => chunk)), done);
  }

  private writeChunk(chunk: Buffer, done: (error?: Error | null) => void): void {
    const finish = (error?: Error | null) => {
      const settled = this.settled;
      this.settled = undefined;
      done(error);
      settled?.();
    };
    this.settled = () => undefined;
    const rest = (offset: number): void => {
      write(this.fd!, chunk, offset, chunk.length - offset, null, (error, n) => {
        if (error) return finish(error);
        if (offset + n < chunk.length) return rest(offset + n);
        this.bytes += chunk.length;
        this.onWritten(this.bytes);
        finish();
      });
    };
    rest(0);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.closeFile(done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    if (this.settled) this.settled = () => this.closeFile(() => done(error));
    else this.closeFile(() => done(error));
  }

  private closeFile(done: (error?: Error | null) => void): void {
    const fd = this.fd;
    this.fd = undefined;
    if (fd === undefined) return done();
    close(fd, (error) => done(error));
  }
}
