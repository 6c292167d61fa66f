import type { RateLimitStore } from '../services.js';

/** Options that make @fastify/rate-limit count in the shared Redis (scaled mode), per limit. */
export function sharedCounting(store: RateLimitStore | undefined, limit: string): { redis?: RateLimitStore['redis']; nameSpace?: string } {
  return store ? { redis: store.redis, nameSpace: `${store.prefix}:rate-limit:${limit}:` } : {};
}
