import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { crc32, deflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
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
  it('writes the right CRC for buffered, stored and streamed entries', async () => {
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
    // An output that takes nothing until told to: the queue of entries only grows.
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
    const adds = Array.from({ length: 1000 }, (_, i) => sink.add(`page-${i}.html`, Buffer.from(`<p>${i}</p>`), { compress: true }).then(() => settled++));
    await new Promise((resolve) => setImmediate(resolve));
    // The first entries were let through, the rest wait for room.
    expect(settled).toBeGreaterThan(100);
    expect(settled).toBeLessThan(1000);
    flowing = true;
    for (const go of held) go();
    held = [];
    await Promise.all(adds);
    expect(settled).toBe(1000);
    await sink.close();
  });

  it('writes archives that unzip, Python and yauzl read alike: thousands of entries, long and non-ASCII names, empty files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitezip-zip-'));
    try {
      const files = Array.from({ length: 3000 }, (_, i) => ({ path: `site/p/${i}/${'n'.repeat(i % 70)}index.html`, data: Buffer.from(`<p>${i}</p>`.repeat(i % 50)), compress: i % 3 !== 0 }));
      files.push({ path: `long/${'x'.repeat(3_000)}.html`, data: Buffer.from('z'), compress: true });
      files.push({ path: 'café/ünïcode 名前.html', data: Buffer.from('<p>é</p>'), compress: true });
      const sink = zipFileSink(join(dir, 'out.zip'));
      for (const file of files) await sink.add(file.path, file.data, { compress: file.compress });
      await sink.close();
      const bytes = await readFile(join(dir, 'out.zip'));
      const read = await entries(bytes);
      expect(read.size).toBe(files.length);
      for (const file of files) {
        expect(read.get(file.path)?.data.equals(file.data)).toBe(true);
        expect(read.get(file.path)?.crc).toBe(crc32(file.data));
      }
      expect(await run('unzip', ['-tq', join(dir, 'out.zip')])).toContain('No errors detected');
      const python = `import zipfile,sys\nz=zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(len(z.infolist()), sum(len(z.read(i)) for i in z.infolist()))`;
      const total = files.reduce((sum, file) => sum + file.data.length, 0);
      expect((await run('python3', ['-c', python, join(dir, 'out.zip')])).trim()).toBe(`${files.length} ${total}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes ZIP64 end records past 65,535 entries', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitezip-zip-'));
    try {
      const sink = zipFileSink(join(dir, 'many.zip'));
      const count = 70_000;
      for (let i = 0; i < count; i++) await sink.add(`f/${i}.txt`, Buffer.from(String(i)), { compress: false });
      await sink.close();
      const read = await entries(await readFile(join(dir, 'many.zip')));
      expect(read.size).toBe(count);
      expect(read.get('f/69999.txt')?.data.toString()).toBe('69999');
      const python = `import zipfile,sys\nz=zipfile.ZipFile(sys.argv[1])\nprint(len(z.infolist()), z.read('f/65536.txt').decode())`;
      expect((await run('python3', ['-c', python, join(dir, 'many.zip')])).trim()).toBe(`${count} 65536`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('copies stored bytes as they are, and stores a body that deflating would not shrink', async () => {
    const chunks: Buffer[] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    const sink = new ZipSink(output);
    const page = Buffer.from('<p>the same page</p>\n'.repeat(200));
    const deflated = deflateRawSync(page);
    await sink.addStored('copied.html', { data: deflated, deflated: true, crc32: crc32(page), size: page.length });
    const noise = randomBytes(5000);
    await sink.add('noise.bin', noise, { compress: true });
    await sink.close();
    const zip = Buffer.concat(chunks);
    // The deflated bytes are in the archive as they were given.
    expect(zip.includes(deflated)).toBe(true);
    const read = await entries(zip);
    expect(read.get('copied.html')?.data.equals(page)).toBe(true);
    expect(read.get('noise.bin')?.data.equals(noise)).toBe(true);
    const file = await open(zip, { lazyEntries: false });
    const methods = new Map<string, number>();
    await new Promise<void>((resolve) => {
      file.on('entry', (entry: yauzl.Entry) => methods.set(entry.fileName, entry.compressionMethod));
      file.on('end', resolve);
    });
    expect(methods.get('copied.html')).toBe(8);
    expect(methods.get('noise.bin')).toBe(0);
  });

  it('fails the archive when a file is not the size it was said to be, and says which', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitezip-zip-'));
    try {
      await writeFile(join(dir, 'short.bin'), Buffer.alloc(10));
      const sink = zipFileSink(join(dir, 'out.zip'));
      await sink.addFile('short.bin', join(dir, 'short.bin'), { compress: false, size: 20 });
      await expect(sink.close()).rejects.toThrow(/short\.bin: expected 20 bytes, read 10/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

async function run(command: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(command, args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}
