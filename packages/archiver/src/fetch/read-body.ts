import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline, Readable, type Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import { ArchiveError } from '../errors.js';
import type { SpooledFile } from './fetcher.js';

function decoderFor(encoding: string, firstByte: number | undefined): Transform | undefined {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'br':
      return createBrotliDecompress();
    case 'deflate':
      // Servers disagree on "deflate": zlib-wrapped (a CMF byte: method 8, window ≤ 7) or raw.
      return firstByte !== undefined && (firstByte & 0x0f) === 8 && firstByte >> 4 <= 7
        ? createInflate()
        : createInflateRaw();
    default:
      return undefined;
  }
}

export interface BodyLimits {
  maxBytes: number;
  /** Bodies larger than this go to a file in `dir` instead of memory; absent: never. */
  spool?: { threshold: number; dir: string; name: string };
}

export type Body = { body: Buffer; file?: undefined } | { body: Buffer; file: SpooledFile };

/**
 * Reads a response body, undoing Content-Encoding, and stops with TOO_LARGE as soon as the
 * decoded size passes the limit, so neither huge responses nor decompression bombs are held.
 */
export async function readBody(body: Readable, contentEncoding: string, limits: BodyLimits, url: string): Promise<Body> {
  const encodings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e && e !== 'identity');
  let stream: Readable = body;
  if (encodings.length > 0) {
    // "deflate" comes in two formats; the first byte tells which, so it is read ahead.
    const iterator = body[Symbol.asyncIterator]();
    const first = await iterator.next();
    const firstChunk = first.done ? undefined : (first.value as Buffer);
    const source = Readable.from(chain(firstChunk, iterator), { objectMode: false });
    // Encodings are listed in the order they were applied; undo them in reverse.
    const decoders = encodings.reverse().flatMap((encoding) => decoderFor(encoding, firstChunk?.[0]) ?? []);
    // pipeline, not pipe: a body cut off (deadline, reset) must fail the read, not leave the
    // decoder waiting forever or throw an unhandled error out of the process.
    stream = source;
    if (decoders.length > 0) {
      pipeline([source, ...decoders], () => undefined);
      stream = decoders[decoders.length - 1]!;
    }
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let file: WriteStream | undefined;
  let filePath: string | undefined;
  try {
    for await (const chunk of stream) {
      const data = chunk as Buffer;
      size += data.length;
      if (size > limits.maxBytes) {
        throw new ArchiveError('TOO_LARGE', `${url} is larger than the limit of ${limits.maxBytes} bytes.`);
      }
      if (!file && limits.spool && size > limits.spool.threshold) {
        filePath = join(limits.spool.dir, limits.spool.name);
        file = createWriteStream(filePath);
        for (const held of chunks.splice(0)) file.write(held);
      }
      if (!file) chunks.push(data);
      else if (!file.write(data)) await once(file, 'drain');
    }
    if (file && filePath) {
      file.end();
      await finished(file);
      return { body: Buffer.alloc(0), file: { path: filePath, size } };
    }
  } catch (error) {
    body.destroy();
    if (file && filePath) {
      file.destroy();
      await rm(filePath, { force: true });
    }
    if (error instanceof ArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code === 'ERR__ERROR_FORMAT_PADDING_1') {
      throw new ArchiveError('HTTP_ERROR', `${url} sent a corrupt ${contentEncoding} body.`, { cause: error });
    }
    throw error;
  }
  return { body: Buffer.concat(chunks, size) };
}

async function* chain(first: Buffer | undefined, rest: AsyncIterator<unknown>): AsyncGenerator<Buffer> {
  if (first) yield first;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value as Buffer;
  }
}
