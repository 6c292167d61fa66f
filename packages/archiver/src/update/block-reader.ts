import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** Bytes read at once, and blocks kept: an update asks for its files in about the order the previous crawl wrote them. */
const BLOCK_BYTES = 1024 * 1024;
const KEPT_BLOCKS = 8;

/**
 * A ZIP file read in blocks of 1 MB, a few kept: yauzl reads the central directory record by
 * record (two reads each) and an update reads thousands of small files back, each read a trip
 * through the thread pool. Opening a copy of 7,000 files took a second, and reading its files
 * back 0.6 s of the main thread. Reads are synchronous: the CLI's update is the only reader,
 * and its file is local and mostly in the page cache, just written by the previous crawl.
 */
export class BlockReader extends yauzl.RandomAccessReader {
  readonly size: number;
  private fd: number | undefined;
  /** Kept blocks by index, the most recently used last (a Map keeps insertion order). */
  private readonly blocks = new Map<number, Buffer>();

  constructor(private readonly path: string) {
    super();
    this.fd = openSync(path, 'r');
    this.size = fstatSync(this.fd).size;
  }

  /** `length` bytes at `position` (fewer only at the end of the file), a copy: a body kept for later must not pin a block. */
  readRange(position: number, length: number): Buffer {
    const end = Math.min(position + length, this.size);
    if (end - position > BLOCK_BYTES) {
      const direct = Buffer.allocUnsafe(end - position);
      return direct.subarray(0, readSync(this.descriptor(), direct, 0, direct.length, position));
    }
    const first = Math.floor(position / BLOCK_BYTES);
    const block = this.block(first);
    const offset = position - first * BLOCK_BYTES;
    if (end <= (first + 1) * BLOCK_BYTES) {
      // Not Buffer.from(view): it copies a view byte by byte.
      const copy = Buffer.allocUnsafe(end - position);
      block.copy(copy, 0, offset, offset + copy.length);
      return copy;
    }
    return Buffer.concat([block.subarray(offset), this.block(first + 1).subarray(0, end - (first + 1) * BLOCK_BYTES)]);
  }

  override read(buffer: Buffer, offset: number, length: number, position: number, callback: (error: Error | null, bytesRead?: number) => void): void {
    let bytes: Buffer;
    try {
      bytes = this.readRange(position, length);
    } catch (error) {
      return process.nextTick(callback, error as Error, 0);
    }
    bytes.copy(buffer, offset);
    // yauzl's callbacks expect to run after read() returns, as fs.read's do.
    process.nextTick(callback, null, bytes.length);
  }

  override _readStreamForRange(start: number, end: number): Readable {
    // A descriptor of its own: a stream destroyed part way closes its descriptor, autoClose or not.
    return createReadStream(this.path, { start, end: end - 1 });
  }

  override close(callback: (error: Error | null) => void): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.blocks.clear();
    process.nextTick(callback, null);
  }

  private block(index: number): Buffer {
    const kept = this.blocks.get(index);
    if (kept) {
      this.blocks.delete(index);
      this.blocks.set(index, kept);
      return kept;
    }
    const start = index * BLOCK_BYTES;
    const block = Buffer.allocUnsafe(Math.min(BLOCK_BYTES, this.size - start));
    const read = readSync(this.descriptor(), block, 0, block.length, start);
    if (this.blocks.size >= KEPT_BLOCKS) this.blocks.delete(this.blocks.keys().next().value!);
    const whole = block.subarray(0, read);
    this.blocks.set(index, whole);
    return whole;
  }

  private descriptor(): number {
    if (this.fd === undefined) throw new Error('the previous copy is closed');
    return this.fd;
  }
}
