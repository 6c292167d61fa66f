import { openSync, readSync, closeSync, createReadStream, fstatSync, writev, close } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type { CrawlRecord } from '../resume/crawl-record.js';
import { ZipSink } from './zip-sink.js';
import type { EntrySource, WrittenEntry } from './zip-writer.js';

type EntryRecord = Extract<CrawlRecord, { t: 'entry' }>;

/** A journaled entry found in an earlier, truncated file of a JournaledZipSink: where its data lies. */
export interface CarriedEntry extends EntryRecord {
  dataStart: number;
  dataEnd: number;
  deflated: boolean;
}

/**
 * A ZipSink writing to a file that tells, for each entry, when all its bytes are in the file
 * and where: a crawl interrupted at any moment (kill -9 included) can take those entries from
 * the truncated file into its next ZIP. `abort()` keeps the file, for that.
 */
export class JournaledZipSink extends ZipSink {
  /** Entries handed to the file, oldest first, not yet all in it. */
  private readonly writing: EntryRecord[] = [];
  private readonly file: FileOutput;

  constructor(
    path: string,
    private readonly onEntry: (record: EntryRecord) => void,
  ) {
    const output = new FileOutput(path);
    // Read back (ZipSink.readBack): a crawl's self-check copy is begun late, from the file.
    super(output, path);
    this.file = output;
    output.onWritten = (bytes) => this.inFile(bytes);
  }

  /** Adds an entry of `previous`, an earlier, truncated file of this sink (see carriedEntries), read when its turn comes. */
  carry(previous: string, record: CarriedEntry): void {
    const { dataStart, dataEnd, deflated } = record;
    const open = () => {
      const raw = dataEnd > dataStart ? createReadStream(previous, { start: dataStart, end: dataEnd - 1 }) : Readable.from([]);
      return deflated ? raw.pipe(createInflateRaw()) : raw;
    };
    void this.enqueue(record.path, { kind: 'stream', open, compress: deflated, size: record.size }, 0);
  }

  protected override written(path: string, { start, end }: WrittenEntry, source: EntrySource): void {
    const size = source.kind === 'buffer' ? source.data.length : source.kind === 'raw' ? source.raw.size : source.size;
    this.writing.push({ t: 'entry', path, start, end, size });
    // Its last write may have reached the file already.
    this.inFile(this.file.bytesInFile);
  }

  private inFile(bytes: number): void {
    while (this.writing.length > 0 && this.writing[0]!.end <= bytes) this.onEntry(this.writing.shift()!);
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

  /** The bytes the kernel holds so far. */
  get bytesInFile(): number {
    return this.bytes;
  }
  private fd: number | undefined;
  /** Called when the write in flight ends: a descriptor closed under it could be reused by another file. */
  private settled: (() => void) | undefined;

  constructor(path: string) {
    // Chunks gather while a write is out (see _writev); 1 MB of them before the writer waits.
    super({ highWaterMark: 1024 * 1024 });
    this.fd = openSync(path, 'w');
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.writeChunks([chunk], done);
  }

  /**
   * The chunks queued while a write was out, in one system call: the writer hands over a header
   * and the data of each entry, and an update that copies thousands of small files spent 0.5 s
   * of its main thread on their writes one by one.
   */
  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void): void {
    this.writeChunks(
      chunks.map(({ chunk }) => chunk),
      done,
    );
  }

  private writeChunks(chunks: Buffer[], done: (error?: Error | null) => void): void {
    const finish = (error?: Error | null) => {
      const settled = this.settled;
      this.settled = undefined;
      done(error);
      settled?.();
    };
    this.settled = () => undefined;
    const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const rest = (left: Buffer[], offset: number): void => {
      writev(this.fd!, left, null, (error, n) => {
        if (error) return finish(error);
        if (offset + n < total) return rest(unwritten(left, n), offset + n);
        this.bytes += total;
        this.onWritten(this.bytes);
        finish();
      });
    };
    rest(chunks, 0);
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

/** What is left of `chunks` once `n` of their bytes are written. */
function unwritten(chunks: Buffer[], n: number): Buffer[] {
  let skip = n;
  let i = 0;
  while (skip >= chunks[i]!.length) skip -= chunks[i++]!.length;
  return [chunks[i]!.subarray(skip), ...chunks.slice(i + 1)];
}
