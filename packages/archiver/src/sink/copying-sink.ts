import { copyFile, mkdir, mkdtemp, opendir, rmdir, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { trace, tracing } from '../trace.js';
import { addStored, type ArchiveSink, type ArchivedFile } from './archive-sink.js';
import { inflated, type StoredBytes } from './zip-writer.js';

/** Files written into the folder at once while it takes in what the target held before. */
const BACKFILL_AT_ONCE = 16;
/** Files removed at once: fs.rm's recursive removal starts all of a folder's at once (20,000 files: 90 MB more). */
const REMOVE_AT_ONCE = 32;

/**
 * A sink that, once asked to, also writes every file it is given into a folder on disk: the
 * copy as a user unzips it, for a browser to open from file:// (render mode's self-check).
 * Until then it only forwards; the folder is removed when the capture ends. A target that can
 * read itself back (ArchiveSink.readBack) gives the folder the files added before it began.
 */
export class CopyingSink implements ArchiveSink {
  private folder: Promise<string> | undefined;
  /** Folders made in the copy: a file's folder is made once, not checked again for each file. */
  private readonly made = new Set<string>();

  constructor(private readonly target: ArchiveSink) {}

  /** Whether a copy begun late holds the files added before it (else it should begin before they come). */
  get readsBack(): boolean {
    return this.target.readBack !== undefined;
  }

  /** Starts copying; answers the folder once it holds every file added so far (or, see readsBack, those added from now on). */
  startCopying(): Promise<string> {
    this.folder ??= this.begin(this.target.readBack?.());
    return this.folder;
  }

  get copying(): boolean {
    return this.folder !== undefined;
  }

  async add(path: string, data: Buffer, options: { compress: boolean }): Promise<void> {
    // A file added before copying began is in what the target reads back.
    const folder = this.folder;
    await this.target.add(path, data, options);
    if (folder) await writeFile(await this.place(await folder, path), data);
  }

  async addStored(path: string, raw: StoredBytes): Promise<void> {
    const folder = this.folder;
    await addStored(this.target, path, raw);
    if (folder) await writeFile(await this.place(await folder, path), inflated(raw));
  }

  async addFile(path: string, source: string, options: { compress: boolean; size: number }): Promise<void> {
    // Copied before the entry is handed on: the sink reads `source` later, and may be the last to.
    if (this.folder) await copyFile(source, await this.place(await this.folder, path));
    await this.target.addFile(path, source, options);
  }

  close(): Promise<void> {
    return this.target.close();
  }

  abort(): Promise<void> {
    return this.target.abort();
  }

  /** Removes the folder; the capture calls it when it ends, whatever the outcome. */
  async dispose(): Promise<void> {
    const folder = this.folder;
    this.folder = undefined;
    this.made.clear();
    const path = await folder?.catch(() => undefined);
    if (path && tracing) trace(`check: copy kept in ${path}`);
    else if (path) await removeTree(path).catch(() => undefined);
  }

  private async begin(earlier: AsyncIterable<ArchivedFile> | undefined): Promise<string> {
    const folder = await mkdtemp(join(tmpdir(), 'sitezip-copy-'));
    if (!earlier) return folder;
    const writing = new Set<Promise<void>>();
    let files = 0;
    for await (const { path, data } of earlier) {
      const write: Promise<void> = this.place(folder, path)
        .then((file) => writeFile(file, data))
        .finally(() => writing.delete(write));
      writing.add(write);
      files++;
      if (writing.size >= BACKFILL_AT_ONCE) await Promise.race(writing);
    }
    await Promise.all(writing);
    trace(`check: copy begun with ${files} files the archive held`);
    return folder;
  }

  private async place(folder: string, path: string): Promise<string> {
    const file = join(folder, path);
    const parent = dirname(file);
    if (!this.made.has(parent)) {
      await mkdir(parent, { recursive: true });
      this.made.add(parent);
    }
    return file;
  }
}

/** Removes a folder and what it holds, a few files at a time. */
async function removeTree(folder: string): Promise<void> {
  const removing: Promise<void>[] = [];
  const folders: string[] = [];
  for await (const entry of await opendir(folder)) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) folders.push(path);
    else {
      removing.push(unlink(path));
      if (removing.length >= REMOVE_AT_ONCE) await Promise.all(removing.splice(0));
    }
  }
  await Promise.all(removing);
  for (const inner of folders) await removeTree(inner);
  await rmdir(folder);
}
