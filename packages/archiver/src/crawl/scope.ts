export type ScopeMode = 'host' | 'prefix' | 'domain';

/** Which URLs a site capture may treat as its own pages. */
export interface Scope {
  includes(url: string): boolean;
}

/** Registrable-domain guess without a public-suffix list: the last two labels (three for co.uk-like). */
function siteDomain(hostname: string): string {
  const labels = hostname.split('.');
  const secondLevel = labels.at(-2) ?? '';
  const take = labels.length > 2 && /^(co|com|org|net|gov|ac|edu)$/.test(secondLevel) && (labels.at(-1) ?? '').length === 2 ? 3 : 2;
  return labels.slice(-take).join('.');
}

/**
 * `host`: the start URL's host (www. and the bare name count as one); `prefix`: that host and
 * a path under the start URL's directory; `domain`: the host's registrable domain and all its
 * subdomains. http and https of the same host are one site.
 */
export function createScope(startUrl: string, mode: ScopeMode): Scope {
  const start = new URL(startUrl);
  const host = start.host.replace(/^www\./, '');
  const prefix = start.pathname.endsWith('/') ? start.pathname : start.pathname.replace(/[^/]*$/, '');
  const domain = siteDomain(start.hostname.replace(/^www\./, ''));
  return {
    includes(url: string): boolean {
      let u: URL;
      try {
        u = new URL(url);
      } catch {
        return false;
      }
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
      const sameHost = u.host.replace(/^www\./, '') === host;
      if (mode === 'host') return sameHost;
      if (mode === 'prefix') return sameHost && u.pathname.startsWith(prefix);
      return u.hostname === domain || u.hostname.endsWith(`.${domain}`);
    },
  };
}
