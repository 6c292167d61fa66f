import { isArchiveError, type ArchiveErrorCode } from '@sitezip/archiver';
import { HttpError } from '../../lib/http-error.js';
import { CaptureProcessError, type CaptureDeath } from '../capture/capture-pool.js';

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
  INTERNAL: 500,
};

const DEATH: Record<CaptureDeath, [number, string]> = {
  memory: [413, 'This page needs more memory than a download may use.'],
  deadline: [504, 'The download took longer than its time limit and was stopped (timeout).'],
  crash: [500, 'The download failed unexpectedly. Please try again.'],
};

/** Capture failures become client-facing errors; their messages are written for the user. */
export function toHttpError(error: unknown): unknown {
  if (error instanceof CaptureProcessError) return new HttpError(...DEATH[error.death]);
  if (!isArchiveError(error)) return error;
  return new HttpError(STATUS[error.code], error.message);
}
