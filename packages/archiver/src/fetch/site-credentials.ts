import type { CookieJar } from 'tough-cookie';
import { headerRecord, type ExtraHeader } from './extra-headers.js';
import type { NetscapeCookie } from './netscape-cookies.js';

/**
 * The person's own credentials for one capture: extra headers bound to the start URL's host,
 * and cookies put into the fetcher's jar, which sends each only where its domain, path,
 * Secure flag and expiry allow. Neither is ever recorded.
 */
export class SiteCredentials {
  private readonly host: string | undefined;
  private readonly httpsOnly: boolean;
  private readonly headers: Record<string, string>;

  constructor(
    startUrl: string | undefined,
    headers: readonly ExtraHeader[],
    private readonly cookies: readonly NetscapeCookie[],
  ) {
    this.headers = headerRecord(headers);
    if (headers.length > 0 && !startUrl) throw new Error('Extra headers need the start URL: they are sent to its host only.');
    const start = startUrl ? new URL(startUrl) : undefined;
    this.host = start?.host;
    this.httpsOnly = start?.protocol === 'https:';
  }

  get hasCookies(): boolean {
    return this.cookies.length > 0;
  }

  /**
   * The extra headers for a request to `target`: only on the start URL's host and port, and
   * never over plain http when the person gave an https address.
   */
  headersFor(target: URL): Readonly<Record<string, string>> {
    if (target.host !== this.host) return NO_HEADERS;
    if (this.httpsOnly && target.protocol !== 'https:') return NO_HEADERS;
    return this.headers;
  }

  /** Header names a record of the request must leave out (their values are the person's secrets). */
  isSecret(name: string): boolean {
    const key = name.toLowerCase();
    return key === 'cookie' || key in this.headers;
  }

  /** Puts the cookies into `jar` as they are, without the checks a Set-Cookie from a site goes through. */
  async seed(jar: CookieJar): Promise<void> {
    if (this.cookies.length === 0) return;
    const { Cookie } = await import('tough-cookie');
    const now = new Date();
    for (const c of this.cookies) {
      const cookie = new Cookie({
        key: c.name,
        value: c.value,
        domain: c.domain,
        // Host-only cookies go to exactly this host, as a Set-Cookie without Domain would.
        hostOnly: !c.includeSubdomains,
        path: c.path,
        secure: c.secure,
        httpOnly: c.httpOnly,
        expires: c.expires > 0 ? new Date(c.expires * 1000) : 'Infinity',
        creation: now,
        lastAccessed: now,
      });
      await jar.store.putCookie(cookie);
    }
  }
}

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});
