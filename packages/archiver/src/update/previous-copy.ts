import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { inflateRaw as inflateRawCallback, inflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import { MANIFEST_PATH, type Manifest, type ManifestEntry } from '../capture/manifest.js';
import type { SpooledFile, Validators } from '../fetch/fetcher.js';
import type { StoredBytes } from '../sink/zip-writer.js';
import { BlockReader } from './block-reader.js';
import { PAGES_PATH, readPageLog, type PageDeps } from './page-log.js';

const inflateRaw = promisify(inflateRawCallback);

/** A ZIP local file header: its signature, and its size before the file name and extra field. */
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_BYTES = 30;
/**
 * Past this an entry is inflated off the main thread. Below it inflating in place is 8 times
 * cheaper (20 µs for a 2 KB page instead of 160 µs: an async inflate sets up a stream each time).
 */
const INFLATE_IN_PLACE_BYTES = 256 * 1024;
/** Room for a local extra field longer than the central one (a Zip64 or timestamp field). */
const LOCAL_EXTRA_ROOM = 64;

/** The previous ZIP cannot serve as the base of an update: not one of ours, another site's, unreadable. */
export class PreviousCopyError extends Error {}

/** A file of the previous copy that the server may confirm unchanged: its validators and where its bytes are. */
export interface KnownFile {
  entry: ManifestEntry;
  validators: Validators;
}

/** A page of the previous copy that may be reused as saved: its manifest entry and what its rewrite depended on. */
export interface PriorPage {
  entry: ManifestEntry & { path: string };
  deps: PageDeps;
}

/** The bytes of a previous file, as the fetcher hands bodies over: in memory, or in a file past the threshold. */
export type KeptBody = { body: Buffer; file?: undefined } | { body?: undefined; file: SpooledFile };

/**
 * A ZIP sitezip wrote before, opened to update it: its manifest, and its files read back on
 * demand. Only files saved as they came can stand in for a body (an ETag names the body the
 * server sent, and a rewritten page or stylesheet is no longer that body), so a file is handed
 * back only when its bytes hash to the `sha256` the manifest recorded for the body received.
 */
export class PreviousCopy {
  private tempDir: Promise<string> | undefined;
  private temps = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    /** The same file, for reading small entries in one go (see readSmall). */
    private readonly data: BlockReader,
    private readonly files: ReadonlyMap<string, yauzl.Entry>,
    readonly manifest: Manifest,
    private readonly known: ReadonlyMap<string, KnownFile>,
    private readonly pages: ReadonlyMap<string, PriorPage>,
    private readonly inMemoryBytes: number,
  ) {}

  /**
   * Opens `path`, refusing (PreviousCopyError) a file that is no ZIP, a ZIP without a sitezip
   * manifest, and a copy of another site than `url`'s. The caller closes it after the capture.
   */
  static async open(path: string, url: string, inMemoryBytes = 2 * 1024 * 1024): Promise<PreviousCopy> {
    let zip: yauzl.ZipFile;
    let data: BlockReader | undefined;
    try {
      data = new BlockReader(path);
      zip = await yauzl.fromRandomAccessReaderPromise(data, data.size, { lazyEntries: true, autoClose: false, strictFileNames: true });
    } catch (error) {
      data?.close(() => undefined);
      throw new PreviousCopyError(`cannot read the previous copy ${path}: ${(error as Error).message}`);
    }
    try {
      const files = new Map<string, yauzl.Entry>();
      for await (const entry of zip.eachEntry()) files.set(entry.fileName, entry);
      const manifestFile = files.get(MANIFEST_PATH);
      if (!manifestFile) throw new PreviousCopyError(`${path} is not a sitezip copy (it has no ${MANIFEST_PATH})`);
      const manifest = parseManifest(await readAll(await zip.openReadStreamPromise(manifestFile)), path);
      if (!sameSite(manifest.url, url)) {
        throw new PreviousCopyError(`${path} is a copy of ${manifest.url}, another site than ${url}`);
      }
      const pageLog = files.get(PAGES_PATH);
      const pages = priorPages(manifest, readPageLog(pageLog && (await readAll(await zip.openReadStreamPromise(pageLog)))));
      return new PreviousCopy(zip, data, files, manifest, knownFiles(manifest), pages, inMemoryBytes);
    } catch (error) {
      zip.close();
      if (error instanceof PreviousCopyError) throw error;
      throw new PreviousCopyError(`cannot read the previous copy ${path}: ${(error as Error).message}`);
    }
  }

  /** The previous file of `url` and its validators, when the server can be asked whether it changed. */
  knownFile(url: string): KnownFile | undefined {
    return this.known.get(url);
  }

  /** A page of the previous copy that its page log describes, when it was saved as a plain rewritten page. */
  priorPage(url: string): PriorPage | undefined {
    return this.pages.get(url);
  }

  /** Whether the previous ZIP holds a file at `path`. */
  has(path: string): boolean {
    return this.files.has(path);
  }

  /**
   * A file as the ZIP stores it (a rewritten page), to copy into the new ZIP without inflating
   * and deflating it again; undefined when missing, unreadable or too large to hold in memory.
   */
  async stored(path: string): Promise<StoredBytes | undefined> {
    const file = this.files.get(path);
    if (!file || file.uncompressedSize > this.inMemoryBytes) return undefined;
    const data = this.rawData(file);
    return data && { data, deflated: file.compressionMethod === 8, crc32: file.crc32, size: file.uncompressedSize };
  }

  /**
   * The previous bytes of a known file, or undefined when they are missing or are not the body
   * as received (a stored file that was rewritten, or damaged): the caller downloads it then.
   */
  async read({ entry }: KnownFile): Promise<KeptBody | undefined> {
    const file = entry.path ? this.files.get(entry.path) : undefined;
    if (!file) return undefined;
    if (file.uncompressedSize <= this.inMemoryBytes) {
      const body = await this.readSmall(file);
      return body && createHash('sha256').update(body).digest('hex') === entry.sha256 ? { body } : undefined;
    }
    const hash = createHash('sha256');
    const hashed = async function* (source: Readable) {
      for await (const chunk of source) {
        hash.update(chunk as Buffer);
        yield chunk as Buffer;
      }
    };
    const stream = await this.zip.openReadStreamPromise(file);
    const target = join(await this.dir(), String(++this.temps));
    await pipeline(stream, hashed, createWriteStream(target));
    if (hash.digest('hex') === entry.sha256) return { file: { path: target, size: file.uncompressedSize } };
    await rm(target, { force: true });
    return undefined;
  }

  /**
   * A small file in one read and one inflate: yauzl's stream reads 16 KB at a time, one read at
   * a time, which made reading thousands of images back cost more than downloading them. The
   * local header is read with the data (its name and extra field are sized as the central
   * directory says, with some room).
   */
  private async readSmall(file: yauzl.Entry): Promise<Buffer | undefined> {
    const raw = this.rawData(file);
    if (!raw) return undefined;
    const body =
      file.compressionMethod === 0 ? raw : file.uncompressedSize <= INFLATE_IN_PLACE_BYTES ? inflateRawSync(raw) : await inflateRaw(raw);
    return body.length === file.uncompressedSize ? body : undefined;
  }

  /** A file's data as stored (deflated or not), read with its local header; undefined when it is not where the directory says. */
  private rawData(file: yauzl.Entry): Buffer | undefined {
    if (file.isEncrypted() || (file.compressionMethod !== 0 && file.compressionMethod !== 8)) return undefined;
    const guess = LOCAL_HEADER_BYTES + file.fileNameLength + file.extraFieldLength + LOCAL_EXTRA_ROOM;
    const read = this.data.readRange(file.relativeOffsetOfLocalHeader, guess + file.compressedSize);
    if (read.length < LOCAL_HEADER_BYTES || read.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) return undefined;
    const start = LOCAL_HEADER_BYTES + read.readUInt16LE(26) + read.readUInt16LE(28);
    // A local extra field longer than the room left: read the data where it starts.
    const raw =
      start + file.compressedSize <= read.length
        ? read.subarray(start, start + file.compressedSize)
        : this.data.readRange(file.relativeOffsetOfLocalHeader + start, file.compressedSize);
    return raw.length === file.compressedSize ? raw : undefined;
  }

  /** Closes the ZIP and removes the files read out of it; call it once the new copy is written. */
  async close(): Promise<void> {
    // Closes the reader too: yauzl holds it until the last stream read from it is done.
    this.zip.close();
    if (this.tempDir) await rm(await this.tempDir, { recursive: true, force: true });
  }

  private dir(): Promise<string> {
    this.tempDir ??= mkdtemp(join(tmpdir(), 'sitezip-previous-'));
    return this.tempDir;
  }
}

/**
 * One site: the same host and port, whatever the scheme, with or without `www.` (the crawl's
 * own notion of a host). A copy of another site would be updated into a mix of two sites.
 */
export function sameSite(previousUrl: string, url: string): boolean {
  const host = (href: string) => (URL.canParse(href) ? new URL(href).host.replace(/^www\./, '') : href);
  return host(previousUrl) === host(url);
}

function parseManifest(data: Buffer, path: string): Manifest {
  let manifest: unknown;
  try {
    manifest = JSON.parse(data.toString('utf8'));
  } catch {
    throw new PreviousCopyError(`${path} is not a sitezip copy (its ${MANIFEST_PATH} is not JSON)`);
  }
  const m = manifest as Partial<Manifest> | null;
  if (m?.generator !== 'sitezip' || typeof m.url !== 'string' || !Array.isArray(m.resources)) {
    throw new PreviousCopyError(`${path} is not a sitezip copy (its ${MANIFEST_PATH} is not sitezip's)`);
  }
  return m as Manifest;
}

/**
 * Files an update may take from the previous copy: saved with a hash, at the URL asked for
 * (validators of a redirect's target say nothing of the URL that redirected), with validators
 * to ask the server about or a freshness lifetime that may not have run out.
 */
function knownFiles(manifest: Manifest): Map<string, KnownFile> {
  const known = new Map<string, KnownFile>();
  for (const entry of manifest.resources) {
    if (!entry.path || entry.inlined || entry.error || entry.finalUrl || !entry.sha256) continue;
    if (!entry.etag && !entry.lastModified && !entry.freshUntil) continue;
    known.set(entry.url, { entry, validators: { etag: entry.etag, lastModified: entry.lastModified } });
  }
  return known;
}

/**
 * Pages the log describes that were saved as rewritten pages: not a note in a page's place, not
 * rendered, not reached through a redirect (the rewrite resolved against another URL).
 */
function priorPages(manifest: Manifest, log: ReadonlyMap<string, PageDeps>): Map<string, PriorPage> {
  const pages = new Map<string, PriorPage>();
  if (log.size === 0) return pages;
  for (const entry of manifest.resources) {
    const deps = log.get(entry.url);
    if (!deps || !entry.path || entry.error || entry.note || entry.render || entry.finalUrl || !entry.sha256) continue;
    pages.set(entry.url, { entry: { ...entry, path: entry.path }, deps });
  }
  return pages;
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
