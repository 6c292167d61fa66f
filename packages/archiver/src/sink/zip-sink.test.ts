import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { ZipSink, zipFileSink } from './zip-sink.js';

const open = promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer);

/** Each entry's CRC as the central directory records it, and its content. */
async function entries(zip: Buffer): Promise<Map<string, { crc: number; data: Buffer }>> {
  const file = await open(zip, { lazyEntries: true });
  const found = new Map<string, { crc: number; data: Buffer }>();
  const openStream = promisify(file.openReadStream.bind(file));
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      openStream(entry).then(async (stream) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        found.set(entry.fileName, { crc: entry.crc32, data: Buffer.concat(chunks) });
        file.readEntry();
      }, reject);
    });
    file.on('end', resolve);
    file.on('error', reject);
    file.readEntry();
  });
  return found;
}

describe('ZipSink', () => {
  it('writes the right CRC for buffered, stored and streamed entries (native crc32)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitezip-zip-'));
    try {
      const text = Buffer.from('body { color: red }\n'.repeat(5000));
      const image = randomBytes(300_000);
      const big = randomBytes(3 * 1024 * 1024);
      await writeFile(join(dir, 'big.bin'), big);
      const sink = zipFileSink(join(dir, 'out.zip'));
      await sink.add('style.css', text, { compress: true });
      await sink.add('image.png', image, { compress: false });
      await sink.addFile('video.bin', join(dir, 'big.bin'), { compress: false, size: big.length });
      await sink.close();
      const read = await entries(await readFile(join(dir, 'out.zip')));
      for (const [name, original] of [['style.css', text], ['image.png', image], ['video.bin', big]] as const) {
        expect(read.get(name)?.data.equals(original)).toBe(true);
        expect(read.get(name)?.crc).toBe(crc32(original));
      }
      // The instance yazl uses now computes natively (same results as the JavaScript loop).
      const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
      expect(fromYazl('buffer-crc32').unsigned(Buffer.from('hello'))).toBe(907060870);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('lets go of each body once its entry is written', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let written = 0;
    let wroteAll: () => void = () => undefined;
    const all = new Promise<void>((resolve) => (wroteAll = resolve));
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        if (written >= 40 * 1024 * 1024) wroteAll();
        callback();
      },
    });
    const sink = new ZipSink(output);
    gc();
    const before = process.memoryUsage().arrayBuffers;
    // 40 files of 1 MB, half stored as they are, half deflated (random bytes barely shrink).
    for (let i = 0; i < 40; i++) await sink.add(`file-${i}.bin`, randomBytes(1024 * 1024), { compress: i % 2 === 0 });
    await all;
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1024 * 1024);
    await sink.close();
  });
  it('makes the capture wait while the archive is far behind, and lets it go as entries are written', async () => {
    // An output that takes nothing until told to: yazl's queue of entries only grows.
    let flowing = false;
    let held: (() => void)[] = [];
    const output = new Writable({
      write(_chunk: Buffer, _encoding, callback) {
        if (flowing) callback();
        else held.push(() => callback());
      },
    });
    const sink = new ZipSink(output);
    let settled = 0;
    const adds = Array.from({ length: 400 }, (_, i) => sink.add(`page-${i}.html`, Buffer.from(`<p>${i}</p>`), { compress: true }).then(() => settled++));
    await new Promise((resolve) => setImmediate(resolve));
    // The first entries were let through, the rest wait for room.
    expect(settled).toBeGreaterThan(100);
    expect(settled).toBeLessThan(400);
    flowing = true;
    for (const go of held) go();
    held = [];
    await Promise.all(adds);
    expect(settled).toBe(400);
    await sink.close();
  });

  it('keeps no function of an entry once its data is written', async () => {
    const sink = new ZipSink(new Writable({ write: (_chunk, _encoding, callback) => callback() }));
    for (let i = 0; i < 5; i++) await sink.add(`page-${i}.html`, Buffer.from(`<p>${i}</p>`), { compress: i % 2 === 0 });
    await sink.addFile('empty.bin', '/dev/null', { compress: false, size: 0 });
    await sink.close();
    // yazl keeps its entries until the end; what started each one's data (closures holding the sink) is gone.
    const kept = (sink as unknown as { zip: { entries: { doFileDataPump?: unknown }[] } }).zip.entries;
    expect(kept).toHaveLength(6);
    for (const entry of kept) expect(entry.doFileDataPump).toBeUndefined();
  });

  it('keeps entry names packed in blocks of their own, not in slices of the shared pool', async () => {
    // An output that takes nothing: every entry waits in yazl's list with its name.
    const sink = new ZipSink(new Writable({ write: () => undefined }));
    const long = `c/${'x'.repeat(5000)}.html`;
    void sink.add('a/short-name.html', Buffer.from('x'), { compress: false });
    void sink.addFile('b/other-name.bin', '/dev/null', { compress: false, size: 0 });
    void sink.add(long, Buffer.from('y'), { compress: true });
    // A pooled slice would keep an 8 KB slab alive as long as its entry waits.
    const names = (sink as unknown as { zip: { entries: { utf8FileName: Buffer }[] } }).zip.entries.map((e) => e.utf8FileName);
    expect(names.map((name) => name.toString())).toEqual(['a/short-name.html', 'b/other-name.bin', long]);
    expect(names[0]!.buffer).toBe(names[1]!.buffer);
    expect(names[0]!.buffer.byteLength).toBe(64 * 1024);
    expect(names[2]!.buffer.byteLength).toBe(long.length);
    expect(Buffer.poolSize).toBe(8 * 1024);
    await sink.abort();
  });

  it('keeps a written entry as its central directory record, and writes the same bytes as yazl', async () => {
    const collect = () => {
      const chunks: Buffer[] = [];
      const output = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
      });
      return { output, bytes: () => Buffer.concat(chunks) };
    };
    const ours = collect();
    const sink = new ZipSink(ours.output);
    const files = Array.from({ length: 3000 }, (_, i) => ({ path: `site/p/${i}/${'n'.repeat(i % 70)}index.html`, data: Buffer.from(`<p>${i}</p>`.repeat(i % 50)), compress: i % 3 !== 0 }));
    files.push({ path: `long/${'x'.repeat(60_000)}.html`, data: Buffer.from('z'), compress: true });
    for (const file of files) await sink.add(file.path, file.data, { compress: file.compress });
    // Every entry yazl has written (all but the 256 at most the sink lets wait) stands as one
    // shared object: no record of its own per file.
    const kept = (sink as unknown as { zip: { entries: object[] } }).zip.entries;
    expect(kept.filter((entry) => entry === kept[0]).length).toBeGreaterThan(files.length - 260);
    await sink.close();

    const plain = collect();
    const zip = new yazl.ZipFile();
    zip.outputStream.pipe(plain.output);
    const mtime = (sink as unknown as { mtime: Date }).mtime;
    for (const file of files) {
      zip.addReadStreamLazy(file.path, { compress: file.compress, size: file.data.length, mtime }, (cb) => cb(null, Readable.from(file.data.length > 0 ? [file.data] : [])));
    }
    zip.end();
    await finished(plain.output);
    expect(ours.bytes().equals(plain.bytes())).toBe(true);
    const read = await entries(ours.bytes());
    expect(read.size).toBe(files.length);
    for (const file of files) expect(read.get(file.path)?.data.equals(file.data)).toBe(true);
  });
});
