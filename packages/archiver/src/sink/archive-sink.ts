import { inflated, type StoredBytes } from './zip-writer.js';

/** A file added at a path the archive already holds: the archive keeps the first. */
export class DuplicatePathError extends Error {
  constructor(readonly path: string) {
    super(`duplicate archive path ${path}`);
    this.name = 'DuplicatePathError';
  }
}

/**
 * Where captured files go. The engine adds each file once, as soon as it is final, and
 * closes the sink when the capture ends; implementations decide how bytes are stored.
 */
export interface ArchiveSink {
  /** Adds a file at `path` (forward slashes, relative, already unique). */
  add(path: string, data: Buffer, options: { compress: boolean }): Promise<void>;
  /**
   * Adds a file as another ZIP stored it (deflated or not, with its CRC): a sink that writes a
   * ZIP copies those bytes; one without this method is given the file inflated, through `add`.
   */
  addStored?(path: string, raw: StoredBytes): Promise<void>;
  /** Adds a file whose bytes are on disk at `source`; they are read when the entry is written. */
  addFile(path: string, source: string, options: { compress: boolean; size: number }): Promise<void>;
  /**
   * The files added so far, as the archive holds them, for a sink that can read itself back
   * (a ZIP file of this process, the memory sink); a copy begun late takes them from here.
   */
  readBack?(): AsyncIterable<ArchivedFile>;
  /** Finishes the archive; resolves when every byte is written. */
  close(): Promise<void>;
  /** Drops whatever was written (the capture failed). */
  abort(): Promise<void>;
}

/** A file of an archive: its path in it, and its bytes. */
export interface ArchivedFile {
  path: string;
  data: Buffer;
}

/** Adds stored bytes to any sink: as they are where it takes them, inflated where it does not. */
export function addStored(sink: ArchiveSink, path: string, raw: StoredBytes): Promise<void> {
  return sink.addStored ? sink.addStored(path, raw) : sink.add(path, inflated(raw), { compress: true });
}
