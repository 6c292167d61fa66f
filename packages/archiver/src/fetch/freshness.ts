import CachePolicy from 'http-cache-semantics';

/**
 * Until when a response may be used again without asking its server, as an ISO date, or
 * undefined when never: RFC 9111 freshness as a private cache (a browser's) computes it, from
 * Cache-Control `max-age`, or `Expires` against `Date`, less the `Age` it already had. Only what
 * the server declared counts: no heuristic lifetime from Last-Modified, and `immutable` without
 * a `max-age` adds nothing, so a server that says nothing is always asked.
 */
export function freshUntil(url: string, status: number, headers: Readonly<Record<string, string>>): string | undefined {
  if (headers.vary?.trim() === '*') return undefined;
  const policy = new CachePolicy(
    { url, method: 'GET', headers: {} },
    { status, headers: { ...headers } },
    { shared: false, cacheHeuristic: 0, immutableMinTimeToLive: 0 },
  );
  if (!policy.storable()) return undefined;
  const ttl = policy.timeToLive();
  return ttl > 0 ? new Date(Date.now() + ttl).toISOString() : undefined;
}

/** Whether a time freshUntil gave is still ahead. */
export function stillFresh(until: string | undefined, now = Date.now()): boolean {
  return until !== undefined && Date.parse(until) > now;
}
