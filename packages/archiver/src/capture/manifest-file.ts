import type { ArchiveSink } from '../sink/archive-sink.js';
import { addThroughFile } from '../sink/file-entry.js';
import { MANIFEST_PATH, type Manifest } from './manifest.js';
import { manifestBytes, manifestPieces } from './manifest-bytes.js';

/** Resources past which the manifest goes through a temporary file rather than one buffer. */
const IN_MEMORY_RESOURCES = 1_000;

/**
 * Adds the manifest's file to `sink`; resolves to what removes its temporary file once the sink
 * is closed (it is read when its entry's turn comes). A large manifest is written to that file
 * a piece at a time: as one buffer (6.7 MB at 25,000 files, twice that while its pieces were
 * joined) it made the peak memory of a large crawl, at its very end. A small one, a single
 * page's, stays a buffer: no file to make and remove for each page.
 */
export async function addManifest(sink: ArchiveSink, manifest: Manifest): Promise<() => Promise<void>> {
  if (manifest.resources.length <= IN_MEMORY_RESOURCES) {
    await sink.add(MANIFEST_PATH, manifestBytes(manifest), { compress: true });
    return async () => undefined;
  }
  return (await addThroughFile(sink, MANIFEST_PATH, manifestPieces(manifest))).remove;
}
