/** Block size: a 25,000-file crawl's records fill about 35 of them. */
const BLOCK = 64 * 1024;
const FIXED = 46;

/**
 * The central directory of a ZIP being written, as bytes: each entry's record is made once its
 * data is written (everything in it is known by then) and packed into blocks that hold nothing
 * else, about 90 bytes a file. yazl's entry objects, kept until the archive closes to make
 * these records at the end, took about 300 bytes a file with their name buffers.
 */
export class CentralDirectory {
  private readonly blocks: Buffer[] = [];
  private block = Buffer.allocUnsafeSlow(0);
  private used = 0;
  private readBlock = 0;
  private readOffset = 0;

  /** Keeps a record (a long one in a block of its own). */
  add(record: Buffer): void {
    if (this.used + record.length > this.block.length) {
      this.seal();
      this.block = Buffer.allocUnsafeSlow(Math.max(BLOCK, record.length));
      this.used = 0;
    }
    record.copy(this.block, this.used);
    this.used += record.length;
  }

  /** The records kept, one per call, in the order they were added; then an empty buffer. */
  next(): Buffer {
    this.seal();
    const block = this.blocks[this.readBlock];
    if (!block) return Buffer.alloc(0);
    const at = this.readOffset;
    // A record's length follows from the name, extra field and comment lengths in its fixed part.
    const length = FIXED + block.readUInt16LE(at + 28) + block.readUInt16LE(at + 30) + block.readUInt16LE(at + 32);
    this.readOffset += length;
    if (this.readOffset >= block.length) {
      this.readBlock++;
      this.readOffset = 0;
    }
    return block.subarray(at, at + length);
  }

  /** Moves the block being filled, as far as it is filled, to the blocks to read. */
  private seal(): void {
    if (this.used === 0) return;
    this.blocks.push(this.block.subarray(0, this.used));
    this.block = this.block.subarray(this.used);
    this.used = 0;
  }
}
