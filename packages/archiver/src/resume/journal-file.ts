import { closeSync, openSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { CrawlRecord } from './crawl-record.js';

/**
 * An append-only file of JSON lines. The records of one turn of the event loop reach the kernel
 * in one write at its end (or at `close`), in the order they were made: a process killed at any
 * moment (kill -9, a crash) leaves a journal that is a prefix of its records, as if it had
 * stopped a little earlier, and losing a tail only means fetching those pages again. Writing
 * each record by itself cost an update of 2,000 pages 0.5 s of its main thread.
 */
export class JournalFile {
  private fd: number | undefined;
  private pending: string[] = [];

  constructor(readonly path: string) {
    this.fd = openSync(path, 'a');
  }

  write(record: CrawlRecord): void {
    if (this.fd === undefined) return;
    if (this.pending.length === 0) setImmediate(() => this.flush());
    this.pending.push(`${JSON.stringify(record)}\n`);
  }

  close(): void {
    this.flush();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private flush(): void {
    if (this.fd === undefined || this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    writeSync(this.fd, text);
  }
}

/** The records of a journal; a line cut short by the end of the process is left out. */
export async function readJournal(path: string): Promise<CrawlRecord[]> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text.split('\n').flatMap((line) => {
    try {
      return line ? [JSON.parse(line) as CrawlRecord] : [];
    } catch {
      return [];
    }
  });
}
