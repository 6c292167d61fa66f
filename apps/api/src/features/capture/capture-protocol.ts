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

export type ParentMessage =
  /** `sharedBrowser`: the capture renders in the browser its parent shares (browser-acquire), not one of its own. */
  | { type: 'capture'; request: CaptureRequest; sharedBrowser: boolean }
  | { type: 'cancel' }
  /** A render slot of the shared browser for browser-acquire `id`: its endpoint, or why there is none. */
  | { type: 'browser'; id: number; endpoint: string }
  | { type: 'browser'; id: number; error: string };

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'progress'; progress: CaptureProgress }
  /** The crawl's journal and ZIP in `stateDir` are this run's from now on (before, they are the last run's). */
  | { type: 'state-opened' }
  | { type: 'done'; summary: CaptureSummary; usage: CaptureUsage }
  | { type: 'failed'; failure: CaptureFailure; usage: CaptureUsage }
  /** A bug (not a failure of the site): reported as an internal error, never retried. */
  | { type: 'crashed'; message: string }
  /** Asks for a render slot of the shared browser; answered by a 'browser' message with the same id. */
  | { type: 'browser-acquire'; id: number }
  /** Gives back one slot; a capture process that ends gives back all it held. */
  | { type: 'browser-release' };

/** What the shared browser's process (browser-process.ts) tells the process that forked it. */
export type BrowserProcessMessage = { type: 'ready'; endpoint: string; pid: number } | { type: 'failed'; message: string };

/** The pipe that carries the ZIP from the capture process to its parent. */
export const ZIP_FD = 3;
