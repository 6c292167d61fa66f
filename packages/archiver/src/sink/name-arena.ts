/** Block size: a 20,000-page crawl's names fill about 15 of them. */
const BLOCK = 64 * 1024;

/**
 * Entry names as yazl keeps them until the archive closes, packed into blocks that hold nothing
 * else. Each name as a buffer of its own cost about 200 bytes besides its bytes (an ArrayBuffer
 * and its backing store); a slice of Node's shared pool would keep an 8 KB slab alive.
 */
export class NameArena {
  private block = Buffer.allocUnsafeSlow(BLOCK);
  private used = 0;

  /** A copy of `name` that lives in the arena (a long name gets a buffer of its own). */
  copy(name: Buffer): Buffer {
    if (name.length > BLOCK / 16) {
      const own = Buffer.allocUnsafeSlow(name.length);
      name.copy(own);
      return own;
    }
    if (this.used + name.length > BLOCK) {
      this.block = Buffer.allocUnsafeSlow(BLOCK);
      this.used = 0;
    }
    const slice = this.block.subarray(this.used, this.used + name.length);
    name.copy(slice);
    this.used += name.length;
    return slice;
  }
}
