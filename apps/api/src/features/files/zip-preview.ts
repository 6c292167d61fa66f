import { PassThrough, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import type { FileStore } from './file-store.js';

/** Reads a stored ZIP through byte ranges, so previews work the same on disk and in a bucket. */
export class StoreReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly store: FileStore,
    private readonly id: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    this.store.read(this.id, { start, end: end - 1 }).then(
      (stream) => stream.pipe(out),
      (error: Error) => out.destroy(error),
    );
    return out;
  }
}

interface OpenZip {
  zip: yauzl.ZipFile;
  entries: Map<string, yauzl.Entry>;
}

const CACHE_SIZE = 32;

/** Serves files out of stored ZIPs; keeps the entry lists of recently previewed archives. */
export class ZipPreview {
  private readonly cache = new Map<string, Promise<OpenZip>>();

  constructor(private readonly store: FileStore) {}

  async open(id: string, path: string): Promise<{ stream: Readable; size: number } | undefined> {
    const { zip, entries } = await this.archive(id);
    const entry = entries.get(path);
    if (!entry) return undefined;
    const stream = await promisify(zip.openReadStream.bind(zip))(entry);
    return { stream, size: entry.uncompressedSize };
  }

  forget(id: string): void {
    const cached = this.cache.get(id);
    this.cache.delete(id);
    void cached?.then(({ zip }) => zip.close(), () => undefined);
  }

  private archive(id: string): Promise<OpenZip> {
    let cached = this.cache.get(id);
    if (!cached) {
      cached = this.load(id);
      cached.catch(() => this.cache.delete(id));
      this.cache.set(id, cached);
      if (this.cache.size > CACHE_SIZE) this.forget(this.cache.keys().next().value!);
    }
    return cached;
  }

  private async load(id: string): Promise<OpenZip> {
    const stat = await this.store.stat(id);
    if (!stat) throw new Error(`no stored file ${id}`);
    const reader = new StoreReader(this.store, id);
    const zip = await promisify<yauzl.RandomAccessReader, number, yauzl.Options, yauzl.ZipFile>(yauzl.fromRandomAccessReader)(
      reader,
      stat.bytes,
      { lazyEntries: true, autoClose: false },
    );
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
    return { zip, entries };
  }
}
