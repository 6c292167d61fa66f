import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { trace, tracing } from '../trace.js';
import { addStored, type ArchiveSink } from './archive-sink.js';
import { inflated, type StoredBytes } from './zip-writer.js';

/**
 * A sink that, once asked to, also writes every file it is given into a folder on disk: the
 * copy as a user unzips it, for a browser to open from file:// (render mode's self-check).
 * Until then it only forwards; the folder is removed when the capture ends.
 */
export class CopyingSink implements ArchiveSink {
  private folder: Promise<string> | undefined;

  constructor(private readonly target: ArchiveSink) {}

  /** Starts copying; answers the folder. Files added before are not in it. */
  startCopying(): Promise<string> {
    this.folder ??= mkdtemp(join(tmpdir(), 'sitezip-copy-'));
    return this.folder;
  }

  get copying(): boolean {
    return this.folder !== undefined;
  }

  async add(path: string, data: Buffer, options: { compress: boolean }): Promise<void> {
    await this.target.add(path, data, options);
    if (this.folder) await writeFile(await this.place(path), data);
  }

  async addStored(path: string, raw: StoredBytes): Promise<void> {
    await addStored(this.target, path, raw);
    if (this.folder) await writeFile(await this.place(path), inflated(raw));
  }

  async addFile(path: string, source: string, options: { compress: boolean; size: number }): Promise<void> {
    // Copied before the entry is handed on: the sink reads `source` later, and may be the last to.
    if (this.folder) await copyFile(source, await this.place(path));
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
    if (folder && tracing) trace(`check: copy kept in ${await folder}`);
    else if (folder) await rm(await folder, { recursive: true, force: true });
  }

  private async place(path: string): Promise<string> {
    const file = join(await this.folder!, path);
    await mkdir(dirname(file), { recursive: true });
    return file;
  }
}
