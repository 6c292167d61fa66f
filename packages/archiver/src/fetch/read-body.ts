import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
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
  /** A body that never ends (an event stream): read for this window only (see LIVE_STREAM_WINDOW). */
  live?: LiveWindow;
}

/**
 * How long a live stream is read: until it has paused for `pauseMs` after its first bytes, or
 * for `maxMs` in all. A server that pushes events sends what it has at once and the rest as it
 * happens: the first are what a reader sees on arriving.
 */
export interface LiveWindow {
  pauseMs: number;
  maxMs: number;
}

export const LIVE_STREAM_WINDOW: LiveWindow = { pauseMs: 500, maxMs: 2_000 };

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
    for await (const chunk of limits.live ? untilPause(stream, limits.live) : stream) {
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
    // A live stream read for its window is let go: it would never end.
    if (limits.live) body.destroy();
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

/** The chunks of `stream` within `window`; the read stops there, as if the stream had ended. */
async function* untilPause(stream: Readable, window: LiveWindow): AsyncGenerator<Buffer> {
  const iterator = stream[Symbol.asyncIterator]();
  const endsAt = performance.now() + window.maxMs;
  let started = false;
  for (;;) {
    const wait = Math.min(endsAt - performance.now(), started ? window.pauseMs : Infinity);
    if (wait <= 0) return;
    const timer = new AbortController();
    const next = await Promise.race([iterator.next(), delay(wait, undefined, { signal: timer.signal }).catch(() => undefined)]);
    timer.abort();
    if (!next || next.done) return;
    started = true;
    yield next.value as Buffer;
  }
}

async function* chain(first: Buffer | undefined, rest: AsyncIterator<unknown>): AsyncGenerator<Buffer> {
  if (first) yield first;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value as Buffer;
  }
}
