import { createRequire } from 'node:module';
import * as zlib from 'node:zlib';

/**
 * yazl (writing the bulk download's combined ZIP; captures have the archiver's ZipWriter)
 * checksums every byte it writes with buffer-crc32's JavaScript loop; Node's zlib computes
 * the same CRC natively, about ten times faster (2 s less CPU for a 100 MB capture). yazl is
 * CommonJS: the instance patched here is the one its own `require` returns. yazl calls only
 * `unsigned(data, previousUnsignedCrc?)`.
 */
export function useNativeCrc32(): void {
  const crc32 = (zlib as { crc32?: (data: Buffer | string, value?: number) => number }).crc32;
  if (typeof crc32 !== 'function') return; // Node before 20.15: keep the JavaScript one.
  const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
  const bufferCrc32 = fromYazl('buffer-crc32') as { unsigned: (data: Buffer | string, previous?: number | Buffer) => number };
  bufferCrc32.unsigned = (data, previous) => crc32(data, typeof previous === 'number' ? previous : 0);
}
