import { promisify } from 'node:util';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { FileStore } from '../files/file-store.js';
import { StoreReader } from '../files/zip-preview.js';
import { useNativeCrc32 } from './native-crc32.js';

/** One site of a bulk, as its combined ZIP shows it. */
export interface CombinedSite {
  url: string;
  /** The site's own ZIP in the store, when its job produced one. */
  zipId: string | null;
  /** Why the site has no folder (failed, cancelled, expired). */
  note: string | null;
}

/**
 * Writes one ZIP holding every site's ZIP unpacked into a folder of its own, plus an index.html
 * linking each folder. Entries stream from the stored ZIPs (ranged reads, so disk and S3 alike)
 * into the new one: no site is ever held whole in memory or unpacked on disk.
 */
useNativeCrc32();

export async function writeCombinedZip(store: FileStore, id: string, sites: CombinedSite[]): Promise<number> {
  const upload = store.createUpload(id);
  const zip = new yazl.ZipFile();
  const opened: yauzl.ZipFile[] = [];
  const failed = new Promise<never>((_, reject) => {
    zip.on('error', reject);
    upload.stream.on('error', reject);
  });
  failed.catch(() => undefined);
  zip.outputStream.pipe(upload.stream);
  const mtime = new Date();
  try {
    const folders = folderNames(sites.map((s) => s.url));
    const listed: { site: CombinedSite; folder: string | null; files: number }[] = [];
    for (const [i, site] of sites.entries()) {
      const source = site.zipId ? await openStored(store, site.zipId) : undefined;
      if (!source) {
        listed.push({ site, folder: null, files: 0 });
        continue;
      }
      opened.push(source.zip);
      const folder = folders[i]!;
      for (const entry of source.entries) {
        const compressed = entry.compressionMethod !== 0;
        zip.addReadStreamLazy(
          `${folder}/${entry.fileName}`,
          { compress: compressed, size: entry.uncompressedSize, mtime },
          (cb) => source.zip.openReadStream(entry, (error, stream: Readable) => cb(error, stream)),
        );
      }
      listed.push({ site, folder, files: source.entries.length });
    }
    zip.addBuffer(Buffer.from(indexPage(listed)), 'index.html', { compress: true, mtime });
    zip.end();
    await Promise.race([upload.commit(), failed]);
    return (await store.stat(id))?.bytes ?? 0;
  } catch (error) {
    await upload.abort();
    throw error;
  } finally {
    for (const source of opened) source.close();
  }
}

async function openStored(store: FileStore, id: string): Promise<{ zip: yauzl.ZipFile; entries: yauzl.Entry[] } | undefined> {
  const stat = await store.stat(id);
  if (!stat) return undefined;
  const zip = await promisify<yauzl.RandomAccessReader, number, yauzl.Options, yauzl.ZipFile>(yauzl.fromRandomAccessReader)(
    new StoreReader(store, id),
    stat.bytes,
    { lazyEntries: true, autoClose: false },
  );
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/')) entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return { zip, entries };
}

/** A folder per site, named for its host (and port), made unique with a number. */
export function folderNames(urls: string[]): string[] {
  const used = new Set<string>();
  return urls.map((url) => {
    const host = new URL(url).host.replace(/[^a-z0-9.-]/gi, '_') || 'site';
    let name = host;
    for (let n = 2; used.has(name); n++) name = `${host}-${n}`;
    used.add(name);
    return name;
  });
}

function indexPage(listed: { site: CombinedSite; folder: string | null; files: number }[]): string {
  const items = listed
    .map(({ site, folder, files }) =>
      folder
        ? `<li><a href="${escapeHtml(encodeURI(folder))}/index.html">${escapeHtml(site.url)}</a> <small>(${files} files, in ${escapeHtml(folder)}/)</small></li>`
        : `<li>${escapeHtml(site.url)} <small>(not included: ${escapeHtml(site.note ?? 'no ZIP')})</small></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>sitezip bulk download</title></head>
<body>
<h1>Sites in this download</h1>
<ul>
${items}
</ul>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
