import { promisify } from 'node:util';
import yauzl from 'yauzl';

const open = promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer);

/** Reads every entry of a ZIP held in memory (path → bytes), validating sizes and names. */
export async function readZip(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await open(data, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true });
  const files = new Map<string, Buffer>();
  const openEntry = promisify(zip.openReadStream.bind(zip));
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      openEntry(entry)
        .then(async (stream) => {
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        })
        .catch(reject);
    });
    zip.on('end', () => resolve(files));
    zip.on('error', reject);
    zip.readEntry();
  });
}
