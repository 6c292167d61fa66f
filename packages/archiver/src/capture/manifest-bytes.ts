import type { Manifest } from './manifest.js';

/** Resources serialised into one piece of bytes at a time. */
const BATCH = 256;

/**
 * The manifest's file: the bytes of `JSON.stringify(manifest, null, 2)`, made a batch of
 * resources at a time. The whole text as one string (8 MB at 25,000 files, twice that with
 * one non-Latin-1 character) would sit in the heap, as the crawl ends, beside its bytes.
 */
export function manifestBytes(manifest: Manifest): Buffer {
  return Buffer.concat([...manifestPieces(manifest)]);
}

/** The bytes of manifestBytes, a piece at a time: whoever writes them need not hold them all. */
export function* manifestPieces(manifest: Manifest): Generator<Buffer> {
  const { resources, ...head } = manifest;
  // `resources` comes last: the text before it, and after it, are those of the head alone.
  const frame = JSON.stringify({ ...head, resources: [] }, null, 2);
  const cut = frame.lastIndexOf('[]');
  if (resources.length === 0) {
    yield Buffer.from(frame);
    return;
  }
  yield Buffer.from(`${frame.slice(0, cut)}[\n`);
  for (let start = 0; start < resources.length; start += BATCH) {
    const batch = resources.slice(start, start + BATCH).map((entry) => `    ${JSON.stringify(entry, null, 2).replace(/\n/g, '\n    ')}`);
    const last = start + BATCH >= resources.length;
    yield Buffer.from(batch.join(',\n') + (last ? '\n' : ',\n'));
  }
  yield Buffer.from(`  ]${frame.slice(cut + 2)}`);
}
