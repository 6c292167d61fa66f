import { Redis } from 'ioredis';

/** Deletes a test's keys from the machine's Redis: every key that starts with `pattern`'s text (a glob). */
export async function dropRedisKeys(url: string, pattern: string): Promise<void> {
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(pattern);
    if (keys.length) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
