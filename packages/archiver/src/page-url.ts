import { ArchiveError } from './errors.js';

/** The error of a capture that ran out of its time budget (`totalTimeoutMs`, CLI `--timeout`). */
export function captureTimedOut(pageUrl: string, cause: unknown): ArchiveError {
  return new ArchiveError('TIMEOUT', `Capturing ${pageUrl} took too long (timeout).`, { cause });
}

/** The address a capture starts from: an http(s) URL without its fragment, or INVALID_URL. */
export function parsePageUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch (error) {
    throw new ArchiveError('INVALID_URL', `Invalid website address: ${url}`, { cause: error });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ArchiveError('INVALID_URL', 'URL must use HTTP or HTTPS protocol');
  }
  parsed.hash = '';
  return parsed.href;
}
