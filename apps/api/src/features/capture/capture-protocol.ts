import type { ArchiveErrorCode, ArchiveOptionsInput, ConnectionFailure, ArchiveSummary, CaptureProgress, SiteOptionsInput } from '@sitezip/archiver';

/**
 * The messages between the process that runs jobs and the capture process it forks: one
 * definition for both ends. The ZIP's bytes do not travel here but through a pipe of their
 * own (file descriptor 3 of the child), so that they stream with back-pressure.
 */
export interface CaptureRequest {
  url: string;
  mode: 'single' | 'full';
  options: ArchiveOptionsInput & Pick<SiteOptionsInput, 'maxPages' | 'maxDepth' | 'scope' | 'exclude'>;
  /**
   * A Full Website job's own folder: the crawl keeps its state there and continues from it when
   * the job runs again after its worker died (see the engine's resume/).
   */
  stateDir?: string;
}

/** The engine's summary without the manifest, which stays in the ZIP (it can be large). */
export type CaptureSummary = Omit<ArchiveSummary, 'url' | 'manifest'>;

export interface CaptureFailure {
  code: ArchiveErrorCode;
  message: string;
  retryable: boolean;
  status: number | undefined;
  connection: ConnectionFailure | undefined;
}

/** The capture process's own account of what the capture used. */
export interface CaptureUsage {
  /** CPU time since the capture began (not while the process waited, warm). */
  cpuUs: number;
}

export type ParentMessage = { type: 'capture'; request: CaptureRequest } | { type: 'cancel' };

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'progress'; progress: CaptureProgress }
  | { type: 'done'; summary: CaptureSummary; usage: CaptureUsage }
  | { type: 'failed'; failure: CaptureFailure; usage: CaptureUsage }
  /** A bug (not a failure of the site): reported as an internal error, never retried. */
  | { type: 'crashed'; message: string };

/** The pipe that carries the ZIP from the capture process to its parent. */
export const ZIP_FD = 3;
