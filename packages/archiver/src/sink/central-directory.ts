/** Block size: a 25,000-file crawl's records fill about 35 of them. */
const BLOCK = 64 * 1024;

/**
 * The central directory of a ZIP being written, as bytes: each entry's record is made once its
 * data is written (everything in it is known by then) and packed into blocks that hold nothing
 * else, about 90 bytes a file. An entry object kept until the archive closes to make these
 * records at the end (as yazl did) took about 300 bytes a file with its name buffer.
 */
export class CentralDirectory {
  private readonly sealed: Buffer[] = [];
  private block = Buffer.allocUnsafeSlow(0);
  private used = 0;

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

  /** The records kept, in the order they were added, in blocks as they are kept. */
  blocks(): readonly Buffer[] {
    this.seal();
    return this.sealed;
  }

  /** Moves the block being filled, as far as it is filled, to the blocks to read. */
  private seal(): void {
    if (this.used === 0) return;
    this.sealed.push(this.block.subarray(0, this.used));
    this.block = this.block.subarray(this.used);
    this.used = 0;
  }
}
