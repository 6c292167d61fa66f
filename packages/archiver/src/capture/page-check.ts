import { ArchiveError } from '../errors.js';
import type { FetchedResource } from '../fetch/fetcher.js';

// Markers of bot-protection interstitials served instead of the page (often with HTTP 200).
const CHALLENGE_MARKERS = [
  /<title>\s*Just a moment\.\.\.\s*<\/title>/i,
  /<title>\s*Attention Required! \| Cloudflare\s*<\/title>/i,
  /cf-browser-verification|\/cdn-cgi\/challenge-platform\/|cf_chl_opt/i,
  /_Incapsula_Resource|Request unsuccessful\. Incapsula incident/i,
  /captcha-delivery\.com|geo\.captcha-delivery/i,
  /px-captcha|perimeterx/i,
  /Checking your browser before accessing/i,
  /<title>\s*(Access Denied|Are you a robot\??|Robot Check)\s*<\/title>/i,
];

export function looksLikeChallenge(html: string): boolean {
  const head = html.slice(0, 64 * 1024);
  return CHALLENGE_MARKERS.some((marker) => marker.test(head));
}

/**
 * Turns the response for the page the user asked for into an error when it is not the page:
 * a missing page, a bot wall or a server failure. Messages carry the words the web app's
 * tips look for ("not found", "spelled correctly", "timeout", "blocking").
 */
export function checkPageResponse(page: FetchedResource, text: string | undefined): void {
  const { status, url } = page;
  const host = new URL(url).host;
  if (status === 404 || status === 410) {
    throw new ArchiveError(
      'NOT_FOUND',
      `The page was not found on ${host} (HTTP ${status}). Check that the address is spelled correctly.`,
      { status },
    );
  }
  if (status === 401 || status === 403 || status === 429 || status === 503 || (text && looksLikeChallenge(text))) {
    throw new ArchiveError(
      'BLOCKED_BY_SITE',
      `${host} is blocking automated downloads (HTTP ${status}${status === 200 ? ', bot challenge page' : ''}).`,
      { status },
    );
  }
  if (status >= 400) {
    throw new ArchiveError('HTTP_ERROR', `${host} answered with an error (HTTP ${status}).`, {
      status,
      retryable: status >= 500,
    });
  }
}
