import { readFile } from 'node:fs/promises';
import { DuplicatePathError, type ArchiveSink, type ArchivedFile } from './archive-sink.js';

/** Keeps files in a Map: for tests and for callers that post-process entries. */
export class MemorySink implements ArchiveSink {
  readonly files = new Map<string, Buffer>();
  closed = false;

  async add(path: string, data: Buffer): Promise<void> {
    if (this.files.has(path)) throw new DuplicatePathError(path);
    this.files.set(path, data);
  }

  async addFile(path: string, source: string): Promise<void> {
    await this.add(path, await readFile(source));
  }

  async *readBack(): AsyncIterable<ArchivedFile> {
    for (const [path, data] of [...this.files]) yield { path, data };
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  async abort(): Promise<void> {
    this.files.clear();
  }

  text(path: string): string {
    const data = this.files.get(path);
    if (!data) throw new Error(`no file ${path} in archive (have: ${[...this.files.keys()].join(', ')})`);
    return data.toString('utf8');
  }
}
