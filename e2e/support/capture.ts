import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archivePage, zipFileSink, type ArchiveOptionsInput, type ArchiveSummary } from '../../packages/archiver/dist/index.js';
import { unzipTo } from './offline.js';

export interface Captured {
  summary: ArchiveSummary;
  /** Where the ZIP was unpacked; open `index.html` in it. */
  dir: string;
  cleanup(): Promise<void>;
}

/** Captures `url` with the compiled engine into a ZIP file and unpacks it, as a user would. */
export async function captureAndUnzip(url: string, options: ArchiveOptionsInput = {}): Promise<Captured> {
  const root = await mkdtemp(join(tmpdir(), 'sitezip-capture-'));
  const zip = join(root, 'site.zip');
  const summary = await archivePage(url, zipFileSink(zip), { allowPrivateNetworks: true, ...options });
  const dir = join(root, 'unpacked');
  await unzipTo(await readFile(zip), dir);
  return { summary, dir, cleanup: () => rm(root, { recursive: true, force: true }) };
}
