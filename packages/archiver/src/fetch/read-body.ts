import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import type { Transform } from 'node:stream';
import { ArchiveError } from '../errors.js';

function decoderFor(encoding: string, firstByte: number | undefined): Transform | undefined {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'br':
      return createBrotliDecompress();
    case 'deflate':
      // Servers disagree on "deflate": zlib-wrapped (starts 0x78) or raw.
      return firstByte !== undefined && (firstByte & 0x0f) === 8 && firstByte >> 4 <= 7
        ? createInflate()
        : createInflateRaw();
    default:
      return undefined;
  }
}

/**
 * Reads a response body, undoing Content-Encoding, and stops with TOO_LARGE as soon as the
 * decoded size passes `maxBytes`, so neither huge responses nor decompression bombs are held.
 */
export async function readBody(
  body: Readable,
  contentEncoding: string,
  maxBytes: number,
  url: string,
): Promise<Buffer> {
  const encodings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e && e !== 'identity');
  const iterator = body[Symbol.asyncIterator]();
  const first = await iterator.next();
  const firstChunk = first.done ? undefined : (first.value as Buffer);
  let stream: Readable = Readable.from(chain(firstChunk, iterator), { objectMode: false });
  // Encodings are listed in the order they were applied; undo them in reverse.
  for (const encoding of encodings.reverse()) {
    const decoder = decoderFor(encoding, firstChunk?.[0]);
    if (decoder) stream = stream.pipe(decoder);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        throw new ArchiveError('TOO_LARGE', `${url} is larger than the limit of ${maxBytes} bytes.`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    body.destroy();
    if (error instanceof ArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code === 'ERR__ERROR_FORMAT_PADDING_1') {
      throw new ArchiveError('HTTP_ERROR', `${url} sent a corrupt ${contentEncoding} body.`, { cause: error });
    }
    throw error;
  }
  return Buffer.concat(chunks, size);
}

async function* chain(first: Buffer | undefined, rest: AsyncIterator<unknown>): AsyncGenerator<Buffer> {
  if (first) yield first;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value as Buffer;
  }
}
