// @ts-check
import { Redis } from 'ioredis';

/** Leaves none of the run's keys in the shared Redis. @param {string} redisUrl @param {string} pattern */
export async function cleanRedis(redisUrl, pattern) {
  const cleaner = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await cleaner.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await cleaner.del(...keys);
  } while (cursor !== '0');
  await cleaner.quit();
}
