import type { Redis } from 'ioredis';

/** Where rate limits count when several API processes share them (scaled mode): a Redis and a key prefix. */
export interface RateLimitStore {
  redis: Redis;
  prefix: string;
}

/** Options that make @fastify/rate-limit count in the shared Redis (scaled mode), per limit. */
export function sharedCounting(store: RateLimitStore | undefined, limit: string): { redis?: RateLimitStore['redis']; nameSpace?: string } {
  return store ? { redis: store.redis, nameSpace: `${store.prefix}:rate-limit:${limit}:` } : {};
}
