import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import type { ArchiveSink } from './archive-sink.js';

/**
 * Adds an entry made of `pieces` through a temporary file, written a piece at a time: the
 * sink reads the file when the entry's turn comes, so the whole content is never one buffer
 * (a large crawl's manifest and page log, made as it ends, when its memory is highest).
 * Resolves to the entry's size and what removes the file once the sink is closed.
 */
export async function addThroughFile(sink: ArchiveSink, path: string, pieces: Iterable<Buffer>): Promise<{ size: number; remove: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'sitezip-entry-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    const file = join(folder, basename(path));
    await writeFile(file, Readable.from(pieces));
    const { size } = await stat(file);
    await sink.addFile(path, file, { compress: true, size });
    return { size, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
