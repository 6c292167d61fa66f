/** Stable reasons a capture or a single fetch can fail. */
export type ArchiveErrorCode =
  | 'INVALID_URL'
  | 'NOT_FOUND'
  | 'TIMEOUT'
  | 'BLOCKED_BY_SITE'
  | 'FORBIDDEN_ADDRESS'
  | 'TOO_MANY_REDIRECTS'
  | 'TOO_LARGE'
  | 'HTTP_ERROR'
  | 'NETWORK'
  | 'LIMIT_REACHED'
  | 'ABORTED'
  /** A bug of ours (a TypeError in a processor, say), not a failure of the site. */
  | 'INTERNAL';

/** How a connection failed before any request went over it. */
export type ConnectionFailure = 'refused' | 'tls' | 'certificate';

/**
 * The one error class of the engine. `code` says what happened, `retryable` says whether
 * trying again later can help; the message is written for the person who asked for the page.
 */
export class ArchiveError extends Error {
  override readonly name = 'ArchiveError';
  readonly code: ArchiveErrorCode;
  readonly retryable: boolean;
  readonly status: number | undefined;
  /** Set when no connection could carry the request: refused, or its TLS handshake failed. */
  readonly connection: ConnectionFailure | undefined;

  constructor(
    code: ArchiveErrorCode,
    message: string,
    options: { retryable?: boolean; status?: number; connection?: ConnectionFailure; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.status = options.status;
    this.connection = options.connection;
  }
}

export function isArchiveError(error: unknown): error is ArchiveError {
  return error instanceof ArchiveError;
}
