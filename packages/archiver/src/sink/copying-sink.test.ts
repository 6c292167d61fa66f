import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync, crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ArchiveSink } from './archive-sink.js';
import { CopyingSink } from './copying-sink.js';
import { MemorySink } from './memory-sink.js';
import { carriedEntries, JournaledZipSink } from './journaled-zip-sink.js';
import { zipFileSink } from './zip-sink.js';

/** Every file under `dir`, by its path inside it. */
async function filesIn(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) found.set(join(entry.parentPath, entry.name).slice(dir.length + 1), await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  return found;
}

describe('CopyingSink', () => {
  it('begun late, holds the files a ZIP file took before, read back from it: buffered, streamed, stored and deflated', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitezip-copying-'));
    try {
      const source = join(dir, 'source.txt');
      await writeFile(source, 'streamed '.repeat(1000));
      const stored = Buffer.from('stored '.repeat(500));
      const sink = new CopyingSink(zipFileSink(join(dir, 'out.zip')));
      expect(sink.readsBack).toBe(true);
      await sink.add('index.html', Buffer.from('<p>page</p>'), { compress: true });
      await sink.add('assets/site.css', Buffer.from('body { color: red }'.repeat(50)), { compress: true });
      await sink.add('img/empty.png', Buffer.alloc(0), { compress: false });
      await sink.addFile('docs/big.txt', source, { compress: true, size: 9000 });
      await sink.addStored('old/stored.txt', { data: deflateRawSync(stored), deflated: true, crc32: crc32(stored), size: stored.length });
      expect(sink.copying).toBe(false);
      const folder = await sink.startCopying();
      await sink.add('later/after.js', Buffer.from('after()'), { compress: true });
      const files = await filesIn(folder);
      expect(Object.fromEntries(files)).toEqual({
        'index.html': '<p>page</p>',
        'assets/site.css': 'body { color: red }'.repeat(50),
        'img/empty.png': '',
        'docs/big.txt': 'streamed '.repeat(1000),
        'old/stored.txt': stored.toString(),
        'later/after.js': 'after()',
      });
      await sink.close();
      await sink.dispose();
      expect(existsSync(folder)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("begun late over a resumable crawl's journaled ZIP, holds what it took, a file carried from the interrupted run's ZIP too", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitezip-copying-'));
    try {
      const records: Parameters<ConstructorParameters<typeof JournaledZipSink>[1]>[0][] = [];
      const journaled = new JournaledZipSink(join(dir, 'run1.zip'), (record) => records.push(record));
      await journaled.add('kept/earlier.html', Buffer.from('<p>from the first run</p>'), { compress: true });
      await journaled.close();
      const [carried] = carriedEntries(join(dir, 'run1.zip'), records)!;
      const next = new JournaledZipSink(join(dir, 'run2.zip'), () => undefined);
      next.carry(join(dir, 'run1.zip'), carried!);
      const sink = new CopyingSink(next);
      await sink.add('pages/now.html', Buffer.from('<p>this run</p>'), { compress: false });
      const folder = await sink.startCopying();
      expect(Object.fromEntries(await filesIn(folder))).toEqual({ 'kept/earlier.html': '<p>from the first run</p>', 'pages/now.html': '<p>this run</p>' });
      await sink.close();
      await sink.dispose();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('begun late over a memory sink, holds what it took; a sink that cannot read back copies from then on', async () => {
    const memory = new MemorySink();
    const sink = new CopyingSink(memory);
    await sink.add('a/one.html', Buffer.from('one'), { compress: true });
    const folder = await sink.startCopying();
    expect(Object.fromEntries(await filesIn(folder))).toEqual({ 'a/one.html': 'one' });
    await sink.dispose();

    // A sink streaming to where it cannot read (an upload): what was added before is not in the copy.
    const upload = new MemorySink();
    const plain: ArchiveSink = { add: (path, data) => upload.add(path, data), addFile: (path, source) => upload.addFile(path, source), close: () => upload.close(), abort: () => upload.abort() };
    const forward = new CopyingSink(plain);
    expect(forward.readsBack).toBe(false);
    await forward.add('b/two.html', Buffer.from('two'), { compress: true });
    const later = await forward.startCopying();
    await forward.add('b/three.html', Buffer.from('three'), { compress: true });
    expect(Object.fromEntries(await filesIn(later))).toEqual({ 'b/three.html': 'three' });
    await forward.dispose();
  });

  it('removes a folder of thousands of files when the capture ends', async () => {
    const sink = new CopyingSink(new MemorySink());
    const folder = await sink.startCopying();
    for (let i = 0; i < 2_000; i++) await sink.add(`pages/${i % 7}/page-${i}.html`, Buffer.from(`<p>${i}</p>`), { compress: true });
    expect((await readdir(join(folder, 'pages/3'))).length).toBeGreaterThan(280);
    await sink.dispose();
    expect(existsSync(folder)).toBe(false);
  });
});
