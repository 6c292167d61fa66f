import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { archivePage, zipFileSink, type ArchiveOptionsInput, type ArchiveSummary, type Manifest } from '../../packages/archiver/dist/index.js';
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

const cli = fileURLToPath(new URL('../../packages/archiver/bin/sitezip.js', import.meta.url));

export interface CliCapture {
  /** Where the ZIP was unpacked; open `index.html` in it. */
  dir: string;
  manifest: Manifest;
  cleanup(): Promise<void>;
}

/** Captures `url` with the built `sitezip` command (quiet, `args` after the address) into a ZIP file and unpacks it, as a user would. */
export async function captureWithCli(url: string, args: readonly string[] = []): Promise<CliCapture> {
  const root = await mkdtemp(join(tmpdir(), 'sitezip-cli-'));
  const zip = join(root, 'site.zip');
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, [cli, url, '-o', zip, '-q', ...args], { env: { ...process.env, SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' } }, (error, _out, stderr) =>
      error ? reject(new Error(`sitezip failed: ${stderr || error.message}`)) : resolve(),
    ),
  );
  const dir = join(root, 'unpacked');
  await unzipTo(await readFile(zip), dir);
  const manifest = JSON.parse(await readFile(join(dir, 'sitezip-manifest.json'), 'utf8')) as Manifest;
  return { dir, manifest, cleanup: () => rm(root, { recursive: true, force: true }) };
}
