export type UrlValidation = { ok: true; url: string } | { ok: false; message: string };

export const urlMessages = {
  protocol: 'URL must use HTTP or HTTPS protocol',
  emptyHost: 'Please enter a valid website address (e.g., example.com)',
  spaces: 'URL cannot contain spaces',
  noDot: 'Please enter a valid domain name (e.g., example.com)',
  unparseable: 'Invalid website address. Please enter a valid URL (e.g., example.com or https://example.com)',
} as const;

// A scheme is letters before a colon; "localhost:3000" and "example.com:8080" are host:port.
const SCHEME = /^([a-z][a-z\d+.-]*):(?!\d)/i;

/** The landing page's rules for the website address (product spec, section 5). */
export function validateLandingUrl(input: string): UrlValidation {
  const trimmed = input.trim();
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    return { ok: false, message: urlMessages.protocol };
  }
  const withScheme = scheme === undefined ? `https://${trimmed}` : trimmed;

  // The URL parser rejects spaces in a host outright, so look at the raw host part first.
  const rawHost = hostPart(withScheme);
  if (rawHost.trim() === '') return { ok: false, message: urlMessages.emptyHost };
  if (/\s/.test(rawHost)) return { ok: false, message: urlMessages.spaces };

  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, message: urlMessages.unparseable };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: urlMessages.protocol };
  }
  const host = url.hostname;
  if (host === '') return { ok: false, message: urlMessages.emptyHost };
  const isIpv6 = host.startsWith('[');
  if (host !== 'localhost' && !isIpv6 && !host.includes('.')) {
    return { ok: false, message: urlMessages.noDot };
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
