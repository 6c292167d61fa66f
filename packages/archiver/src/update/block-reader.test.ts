import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockReader } from './block-reader.js';

const MB = 1024 * 1024;

describe('BlockReader', () => {
  let dir: string;
  let file: string;
  const bytes = randomBytes(2 * MB + 12_345);
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'block-reader-'));
    file = join(dir, 'data');
    await writeFile(file, bytes);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads any range as the file holds it: within a block, across blocks, larger than a block, past the end', () => {
    const reader = new BlockReader(file);
    try {
      for (const [position, length] of [
        [0, 100],
        [MB - 10, 20],
        [MB - 1, MB + 2],
        [123, 3 * MB],
        [bytes.length - 5, 100],
        [2 * MB, 1],
      ] as const) {
        expect(reader.readRange(position, length).equals(bytes.subarray(position, position + length))).toBe(true);
      }
      expect(reader.readRange(bytes.length, 10).length).toBe(0);
    } finally {
      reader.close(() => undefined);
    }
  });

  it('hands out copies: a range kept for later does not change, or pin a block', () => {
    const reader = new BlockReader(file);
    const range = reader.readRange(10, 10);
    expect(range.buffer.byteLength).toBeLessThan(MB);
    for (let i = 0; i < 20; i++) reader.readRange(i * 100_000, 10);
    expect(range.equals(bytes.subarray(10, 20))).toBe(true);
    reader.close(() => undefined);
  });

  it('serves yauzl-style reads after returning, and streams ranges', async () => {
    const reader = new BlockReader(file);
    const target = Buffer.alloc(50);
    let called = false;
    const read = new Promise<number>((resolve, reject) =>
      reader.read(target, 0, 50, MB - 25, (error, n) => {
        called = true;
        return error ? reject(error) : resolve(n ?? -1);
      }),
    );
    expect(called).toBe(false);
    expect(await read).toBe(50);
    expect(target.equals(bytes.subarray(MB - 25, MB + 25))).toBe(true);
    const chunks: Buffer[] = [];
    for await (const chunk of reader._readStreamForRange(5, MB + 5)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes.subarray(5, MB + 5))).toBe(true);
    reader.close(() => undefined);
  });
});
