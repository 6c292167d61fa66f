/**
 * A cookie as the Netscape cookies.txt format holds it (browser export extensions, wget
 * --load-cookies, curl -b): the person's own login, sent where its domain and path match.
 */
export interface NetscapeCookie {
  /** Host name, lower case, without a leading dot. */
  domain: string;
  /** TRUE in the file: sent to subdomains of `domain` too; otherwise to that host only. */
  includeSubdomains: boolean;
  path: string;
  /** Sent over https only. */
  secure: boolean;
  httpOnly: boolean;
  /** Unix time in seconds; 0 for a session cookie (kept for the whole capture). */
  expires: number;
  name: string;
  value: string;
}

/** A line of a cookies file that is not a cookie; `line` counts from 1. */
export class CookieFileError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

const HTTP_ONLY_PREFIX = '#HttpOnly_';
const FIELDS = 'domain, include subdomains, path, secure, expiry, name, value';

/**
 * The cookies of a Netscape cookies.txt text: seven tab-separated fields a line, `#` comments,
 * blank lines, and `#HttpOnly_` before the domain of HttpOnly cookies (curl, browser exports).
 * A line with six fields is a cookie with an empty value, as curl reads it. Throws a
 * CookieFileError naming the first line that is none of these.
 */
export function parseNetscapeCookies(text: string): NetscapeCookie[] {
  const cookies: NetscapeCookie[] = [];
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.replace(/\r$/, '');
    const httpOnly = line.startsWith(HTTP_ONLY_PREFIX);
    if (line.trim() === '' || (!httpOnly && line.trimStart().startsWith('#'))) continue;
    cookies.push(parseLine(httpOnly ? line.slice(HTTP_ONLY_PREFIX.length) : line, httpOnly, index + 1));
  }
  return cookies;
}

function parseLine(line: string, httpOnly: boolean, number: number): NetscapeCookie {
  const fields = line.split('\t');
  if (fields.length === 6) fields.push('');
  if (fields.length !== 7) {
    throw new CookieFileError(number, `expected 7 tab-separated fields (${FIELDS}), found ${fields.length}`);
  }
  const [domainField, subdomains, path, secure, expiry, name, value] = fields as [string, string, string, string, string, string, string];
  const domain = domainField.trim().toLowerCase().replace(/^\./, '');
  if (!domain || /[\s/:;,]/.test(domain)) throw new CookieFileError(number, `"${domainField}" is not a domain`);
  const includeSubdomains = flag(subdomains, 'include subdomains', number);
  if (!path.startsWith('/')) throw new CookieFileError(number, `the path must start with "/" (got "${path}")`);
  if (!/^-?\d+(\.\d+)?$/.test(expiry.trim())) throw new CookieFileError(number, `the expiry must be a Unix time in seconds (got "${expiry}")`);
  if (!name || /[\s;=]/.test(name)) throw new CookieFileError(number, `"${name}" is not a cookie name`);
  if (/[\u0000-\u001f;\u007f]/.test(value)) throw new CookieFileError(number, `the value of ${name} holds a character a cookie cannot carry`);
  return {
    domain,
    includeSubdomains,
    path,
    secure: flag(secure, 'secure', number),
    httpOnly,
    expires: Math.max(0, Math.trunc(Number(expiry))),
    name,
    value,
  };
}

function flag(field: string, what: string, line: number): boolean {
  const word = field.trim().toUpperCase();
  if (word === 'TRUE') return true;
  if (word === 'FALSE') return false;
  throw new CookieFileError(line, `the ${what} field must be TRUE or FALSE (got "${field}")`);
}
