/**
 * The product's one rule for a typed website address (spec section 5): the web app checks it
 * before sending, the API again on arrival. Pure: it runs in the browser and in Node alike.
 */
export type UrlValidation = { ok: true; url: string } | { ok: false; message: string };

/** What each broken-address case says; the landing page and the dashboard word them differently. */
export interface UrlMessages {
  empty: string;
  protocol: string;
  emptyHost: string;
  spaces: string;
  noDot: string;
  unparseable: string;
}

/** Product spec, section 5, "Landing page website URL". */
export const landingUrlMessages: UrlMessages = {
  empty: 'Please enter a valid website address (e.g., example.com)',
  protocol: 'URL must use HTTP or HTTPS protocol',
  emptyHost: 'Please enter a valid website address (e.g., example.com)',
  spaces: 'URL cannot contain spaces',
  noDot: 'Please enter a valid domain name (e.g., example.com)',
  unparseable: 'Invalid website address. Please enter a valid URL (e.g., example.com or https://example.com)',
};

/** Product spec, section 5, "Dashboard website URL". */
export const dashboardUrlMessages: UrlMessages = {
  empty: 'Please enter a website URL',
  protocol: 'URL must use HTTP or HTTPS protocol',
  emptyHost: 'Please enter a valid website address',
  spaces: 'URL cannot contain spaces',
  noDot: 'Please enter a valid domain (e.g., example.com)',
  unparseable: 'Please enter a valid website address',
};

// A scheme is letters before a colon; "localhost:3000" and "example.com:8080" are host:port.
const SCHEME = /^([a-z][a-z\d+.-]*):(?!\d)/i;

/**
 * Whether the person typed a scheme. Without one, validateUrl completes https://, and the API
 * tries http:// when https cannot connect (as a browser's address bar does).
 */
export function hasScheme(input: string): boolean {
  return SCHEME.test(input.trim());
}

/**
 * Checks a typed website address: trimmed, https:// added when no scheme is given, http(s) only,
 * a host without spaces that has a dot (or is localhost or an IP literal).
 */
export function validateUrl(input: string, messages: UrlMessages): UrlValidation {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, message: messages.empty };
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    return { ok: false, message: messages.protocol };
  }
  const withScheme = scheme === undefined ? `https://${trimmed}` : trimmed;

  // The URL parser rejects spaces in a host outright, so look at the raw host part first.
  const rawHost = hostPart(withScheme);
  if (rawHost.trim() === '') return { ok: false, message: messages.emptyHost };
  if (/\s/.test(rawHost)) return { ok: false, message: messages.spaces };

  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, message: messages.unparseable };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: messages.protocol };
  }
  const host = url.hostname;
  if (host === '') return { ok: false, message: messages.emptyHost };
  const isIpv6 = host.startsWith('[');
  if (host !== 'localhost' && !isIpv6 && !host.includes('.')) {
    return { ok: false, message: messages.noDot };
  }
  return { ok: true, url: url.href };
}

/** The host of "scheme://user@host:port/path", as typed. */
function hostPart(address: string): string {
  const afterScheme = address.replace(/^[a-z][a-z\d+.-]*:\/*/i, '');
  const authority = afterScheme.split(/[/?#\\]/, 1)[0] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:[^:]*$/, '');
}
