import { closeSync, openSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { CrawlRecord } from './crawl-record.js';

/**
 * An append-only file of JSON lines. Each record is handed to the kernel before `write`
 * returns, so a process killed any moment later (kill -9, a crash) keeps it; only a power cut
 * could lose the last ones, and losing a tail only means fetching those pages again.
 */
export class JournalFile {
  private fd: number | undefined;

  constructor(readonly path: string) {
    this.fd = openSync(path, 'a');
  }

  write(record: CrawlRecord): void {
    if (this.fd !== undefined) writeSync(this.fd, `${JSON.stringify(record)}\n`);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
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
