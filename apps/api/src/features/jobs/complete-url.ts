import { HttpError } from '../../lib/http-error.js';

/** The spec's URL rule on the server too: a missing scheme is completed with https://. */
export function completeUrl(raw: string): string {
  const trimmed = raw.trim();
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HttpError(422, 'Invalid website address. Please enter a valid URL (e.g., example.com or https://example.com)');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new HttpError(422, 'URL must use HTTP or HTTPS protocol');
  }
  return parsed.href;
}
