import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { crc32, createDeflateRaw, deflateRaw as deflateRawCallback, deflateRawSync, inflateRawSync } from 'node:zlib';
import { CentralDirectory } from './central-directory.js';

const deflateRaw = promisify(deflateRawCallback);

/** What an entry's bytes are: a body in memory, a stream opened at its turn, or bytes already as a ZIP stores them. */
export type EntrySource =
  | { kind: 'buffer'; data: Buffer; compress: boolean }
  | { kind: 'stream'; open: () => Readable; compress: boolean; size: number }
  | { kind: 'raw'; raw: StoredBytes };

/** An entry's data as a ZIP holds it: deflated or stored, with the CRC and size of the file it stands for. */
export interface StoredBytes {
  data: Buffer;
  deflated: boolean;
  crc32: number;
  size: number;
}

/** What the headers of an entry say of its data. */
interface EntryFacts {
  deflated: boolean;
  crc32: number;
  size: number;
  compressedSize: number;
}

/** Where an entry went in the output: its local header's offset, and the offset just past its last byte. */
export interface WrittenEntry {
  start: number;
  end: number;
}

/** An entry written, as its central directory record says (ZipWriter.writtenEntries). */
export interface WrittenFile {
  name: string;
  /** Its local header's offset in the output. */
  offset: number;
  compressedSize: number;
  size: number;
  deflated: boolean;
}

/** Past this a body is deflated off the main thread; below it in place, 8 times cheaper than a stream's set-up. */
const DEFLATE_IN_PLACE_BYTES = 256 * 1024;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const DATA_DESCRIPTOR = 0x08074b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;
const UTF8_NAME = 1 << 11;
const SIZES_AFTER_DATA = 1 << 3;
const STORED = 0;
const DEFLATED = 8;
const VERSION = 20;
const VERSION_ZIP64 = 45;
/** Unix, spec version 6.3: unzip then applies the file mode below. */
const MADE_BY = (3 << 8) | 63;
const FILE_MODE = (0o100664 << 16) >>> 0;
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;

/**
 * Writes a ZIP to `output` one entry after the other, each as soon as it comes: a local header
 * with the CRC and sizes when they are known before the data (bodies in memory, bytes copied
 * from another ZIP), a data descriptor after the data otherwise (streams), ZIP64 fields where an
 * offset or size needs them. What it keeps of a written entry is its central directory record,
 * packed in blocks. Ours rather than yazl's: yazl ran a pipeline of five streams for every
 * entry and searched its whole list of entries for the next to write (210 µs an entry, growing
 * with their number), and could not copy an entry's bytes from another ZIP as they were.
 */
export class ZipWriter {
  private offset = 0;
  private count = 0;
  private readonly directory = new CentralDirectory();
  private readonly time: number;
  private readonly date: number;

  constructor(
    private readonly output: Writable,
    mtime: Date,
  ) {
    // MS-DOS time, local, in 2-second steps; years before 1980 cannot be written.
    const year = Math.max(mtime.getFullYear(), 1980);
    this.date = ((year - 1980) << 9) | ((mtime.getMonth() + 1) << 5) | mtime.getDate();
    this.time = (mtime.getHours() << 11) | (mtime.getMinutes() << 5) | (mtime.getSeconds() >> 1);
  }

  /** Writes one entry; one at a time. Resolves once its bytes are handed to the output. */
  async write(path: string, source: EntrySource): Promise<WrittenEntry> {
    const name = Buffer.from(path);
    if (name.length > MAX_16) throw new Error(`archive path too long (${name.length} bytes): ${path.slice(0, 80)}…`);
    const start = this.offset;
    if (source.kind === 'stream') await this.writeStream(name, source);
    else {
      const stored = source.kind === 'raw' ? source.raw : await storedBytes(source.data, source.compress);
      const facts: EntryFacts = { deflated: stored.deflated, crc32: stored.crc32, size: stored.size, compressedSize: stored.data.length };
      const zip64 = facts.size >= MAX_32 || facts.compressedSize >= MAX_32;
      await this.put(this.localHeader(name, facts, 0, zip64));
      await this.put(stored.data);
      this.record(name, facts, start, 0);
    }
    this.count++;
    return { start, end: this.offset };
  }

  /**
   * Where the entries written so far lie, from their central directory records: the name, the
   * local header's offset, and the data's size as stored and whether it is deflated.
   */
  *writtenEntries(): Generator<WrittenFile> {
    for (const block of this.directory.blocks()) {
      for (let at = 0; at < block.length; ) {
        const nameLength = block.readUInt16LE(at + 28);
        const extraLength = block.readUInt16LE(at + 30);
        const name = block.toString('utf8', at + 46, at + 46 + nameLength);
        // Fields that overflowed 32 bits are in the ZIP64 extra field, in this order (see record()).
        const wide = [block.readUInt32LE(at + 24), block.readUInt32LE(at + 20), block.readUInt32LE(at + 42)];
        let extra = at + 46 + nameLength + 4;
        const [size, compressedSize, offset] = wide.map((value) => {
          if (value !== MAX_32) return value;
          const big = Number(block.readBigUInt64LE(extra));
          extra += 8;
          return big;
        }) as [number, number, number];
        yield { name, offset, compressedSize, size, deflated: block.readUInt16LE(at + 10) === DEFLATED };
        at += 46 + nameLength + extraLength;
      }
    }
  }

  /** The central directory and the end records; then the output ends. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const block of this.directory.blocks()) await this.put(block);
    const size = this.offset - start;
    const zip64 = this.count >= MAX_16 || start >= MAX_32 || size >= MAX_32;
    if (zip64) {
      const end64 = Buffer.alloc(56);
      end64.writeUInt32LE(ZIP64_END, 0);
      end64.writeBigUInt64LE(44n, 4);
      end64.writeUInt16LE(MADE_BY, 12);
      end64.writeUInt16LE(VERSION_ZIP64, 14);
      end64.writeBigUInt64LE(BigInt(this.count), 24);
      end64.writeBigUInt64LE(BigInt(this.count), 32);
      end64.writeBigUInt64LE(BigInt(size), 40);
      end64.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(ZIP64_LOCATOR, 0);
      locator.writeBigUInt64LE(BigInt(this.offset), 8);
      locator.writeUInt32LE(1, 16);
      await this.put(Buffer.concat([end64, locator]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END, 0);
    end.writeUInt16LE(Math.min(this.count, MAX_16), 8);
    end.writeUInt16LE(Math.min(this.count, MAX_16), 10);
    end.writeUInt32LE(Math.min(size, MAX_32), 12);
    end.writeUInt32LE(Math.min(start, MAX_32), 16);
    await this.put(end);
    this.output.end();
  }

  /** A stream's entry: its CRC and sizes are known once it ends, so they follow the data. */
  private async writeStream(name: Buffer, source: Extract<EntrySource, { kind: 'stream' }>): Promise<void> {
    const start = this.offset;
    const zip64 = source.size >= MAX_32;
    const facts: EntryFacts = { deflated: source.compress, crc32: 0, size: 0, compressedSize: 0 };
    await this.put(this.localHeader(name, facts, SIZES_AFTER_DATA, zip64));
    const counted = async function* (input: AsyncIterable<Buffer>) {
      for await (const chunk of input) {
        facts.crc32 = crc32(chunk, facts.crc32);
        facts.size += chunk.length;
        yield chunk;
      }
    };
    const write = async (input: AsyncIterable<Buffer>) => {
      for await (const chunk of input) {
        facts.compressedSize += chunk.length;
        await this.put(chunk);
      }
    };
    if (source.compress) await pipeline(source.open(), counted, createDeflateRaw(), write);
    else await pipeline(source.open(), counted, write);
    if (facts.size !== source.size) throw new Error(`${name.toString()}: expected ${source.size} bytes, read ${facts.size}`);
    const descriptor = Buffer.alloc(zip64 ? 24 : 16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(facts.crc32, 4);
    if (zip64) {
      descriptor.writeBigUInt64LE(BigInt(facts.compressedSize), 8);
      descriptor.writeBigUInt64LE(BigInt(facts.size), 16);
    } else {
      descriptor.writeUInt32LE(facts.compressedSize, 8);
      descriptor.writeUInt32LE(facts.size, 12);
    }
    await this.put(descriptor);
    this.record(name, facts, start, SIZES_AFTER_DATA);
  }

  private localHeader(name: Buffer, stored: EntryFacts, flags: number, zip64: boolean): Buffer {
    const header = Buffer.alloc(30 + name.length + (zip64 ? 20 : 0));
    const later = flags & SIZES_AFTER_DATA;
    header.writeUInt32LE(LOCAL_HEADER, 0);
    this.fields(header, 4, {
      version: zip64 ? VERSION_ZIP64 : VERSION,
      flags,
      facts: stored,
      crc32: later ? 0 : stored.crc32,
      compressedSize: zip64 ? MAX_32 : later ? 0 : stored.compressedSize,
      size: zip64 ? MAX_32 : later ? 0 : stored.size,
      name,
      extraLength: zip64 ? 20 : 0,
    });
    name.copy(header, 30);
    if (zip64) {
      const extra = 30 + name.length;
      header.writeUInt16LE(1, extra);
      header.writeUInt16LE(16, extra + 2);
      header.writeBigUInt64LE(BigInt(later ? 0 : stored.size), extra + 4);
      header.writeBigUInt64LE(BigInt(later ? 0 : stored.compressedSize), extra + 12);
    }
    return header;
  }

  /** The entry's central directory record, kept until the archive closes. */
  private record(name: Buffer, stored: EntryFacts, offset: number, flags: number): void {
    const big = [stored.size, stored.compressedSize, offset].map((value) => value >= MAX_32);
    const extraLength = big.some(Boolean) ? 4 + 8 * big.filter(Boolean).length : 0;
    const record = Buffer.alloc(46 + name.length + extraLength);
    record.writeUInt32LE(CENTRAL_HEADER, 0);
    record.writeUInt16LE(MADE_BY, 4);
    this.fields(record, 6, {
      version: extraLength ? VERSION_ZIP64 : VERSION,
      flags,
      facts: stored,
      crc32: stored.crc32,
      compressedSize: big[1] ? MAX_32 : stored.compressedSize,
      size: big[0] ? MAX_32 : stored.size,
      name,
      extraLength,
    });
    record.writeUInt32LE(FILE_MODE, 38);
    record.writeUInt32LE(big[2] ? MAX_32 : offset, 42);
    name.copy(record, 46);
    if (extraLength) {
      // ZIP64 extended information: only the fields that overflowed, in this order (APPNOTE 4.5.3).
      let at = 46 + name.length;
      record.writeUInt16LE(1, at);
      record.writeUInt16LE(extraLength - 4, at + 2);
      at += 4;
      for (const [i, value] of [stored.size, stored.compressedSize, offset].entries()) {
        if (!big[i]) continue;
        record.writeBigUInt64LE(BigInt(value), at);
        at += 8;
      }
    }
    this.directory.add(record);
  }

  /**
   * The fields a local header (from byte 4) and a central directory record (from byte 6) share,
   * in the same order: version needed, flags, method, time, date, CRC, sizes, name and extra lengths.
   */
  private fields(
    buffer: Buffer,
    at: number,
    f: { version: number; flags: number; facts: EntryFacts; crc32: number; compressedSize: number; size: number; name: Buffer; extraLength: number },
  ): void {
    buffer.writeUInt16LE(f.version, at);
    buffer.writeUInt16LE(UTF8_NAME | f.flags, at + 2);
    buffer.writeUInt16LE(f.facts.deflated ? DEFLATED : STORED, at + 4);
    buffer.writeUInt16LE(this.time, at + 6);
    buffer.writeUInt16LE(this.date, at + 8);
    buffer.writeUInt32LE(f.crc32, at + 10);
    buffer.writeUInt32LE(f.compressedSize, at + 14);
    buffer.writeUInt32LE(f.size, at + 18);
    buffer.writeUInt16LE(f.name.length, at + 22);
    buffer.writeUInt16LE(f.extraLength, at + 24);
  }

  /** Hands bytes to the output, waiting while it is full; fails if it fails or closes meanwhile. */
  private async put(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (bytes.length === 0) return;
    if (this.output.destroyed) throw new Error('the archive output was closed');
    if (this.output.write(bytes)) return;
    const output = this.output;
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        output.off('drain', drained).off('close', closed).off('error', settle);
        if (error) reject(error);
        else resolve();
      };
      const drained = () => settle();
      const closed = () => settle(new Error('the archive output was closed'));
      output.on('drain', drained).on('close', closed).on('error', settle);
    });
  }
}

/** A body as a ZIP stores it; deflated only when that makes it smaller. */
async function storedBytes(data: Buffer, compress: boolean): Promise<StoredBytes> {
  const crc = crc32(data);
  if (compress && data.length > 0) {
    const deflated = data.length <= DEFLATE_IN_PLACE_BYTES ? deflateRawSync(data) : await deflateRaw(data);
    if (deflated.length < data.length) return { data: deflated, deflated: true, crc32: crc, size: data.length };
  }
  return { data, deflated: false, crc32: crc, size: data.length };
}

/** The file that stored bytes stand for (bytes held in memory, so small enough to inflate in place). */
export function inflated(raw: StoredBytes): Buffer {
  return raw.deflated ? inflateRawSync(raw.data) : raw.data;
}
