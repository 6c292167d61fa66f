/**
 * Where captured files go. The engine adds each file once, as soon as it is final, and
 * closes the sink when the capture ends; implementations decide how bytes are stored.
 */
export interface ArchiveSink {
  /** Adds a file at `path` (forward slashes, relative, already unique). */
  add(path: string, data: Buffer, options: { compress: boolean }): Promise<void>;
  /** Adds a file whose bytes are on disk at `source`; they are read when the entry is written. */
  addFile(path: string, source: string, options: { compress: boolean; size: number }): Promise<void>;
  /** Finishes the archive; resolves when every byte is written. */
  close(): Promise<void>;
  /** Drops whatever was written (the capture failed). */
  abort(): Promise<void>;
}
