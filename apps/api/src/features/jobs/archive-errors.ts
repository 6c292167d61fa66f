import { isArchiveError, type ArchiveErrorCode } from '@sitezip/archiver';
import { HttpError } from '../../lib/http-error.js';

const STATUS: Record<ArchiveErrorCode, number> = {
  INVALID_URL: 422,
  FORBIDDEN_ADDRESS: 422,
  NOT_FOUND: 422,
  BLOCKED_BY_SITE: 502,
  HTTP_ERROR: 502,
  NETWORK: 502,
  TOO_MANY_REDIRECTS: 502,
  TOO_LARGE: 413,
  LIMIT_REACHED: 413,
  TIMEOUT: 504,
  ABORTED: 503,
};

/** Capture failures become client-facing errors; their messages are written for the user. */
export function toHttpError(error: unknown): unknown {
  if (!isArchiveError(error)) return error;
  return new HttpError(STATUS[error.code], error.message);
}
