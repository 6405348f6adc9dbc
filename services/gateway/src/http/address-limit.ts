import { AppError, type Redis } from '@cmp/common';
import { ErrorCode } from '@cmp/contracts';

/**
 * A per-address ceiling per minute for one public action, counted in Redis so every gateway shares it;
 * over the ceiling the caller is told how many seconds to wait.
 */
export async function limitPerAddress(redis: Redis, action: string, ip: string, perMinute: number): Promise<void> {
  const key = `${action}-rl:${ip}`;
  const [[, n]] = (await redis.multi().incr(key).expire(key, 60, 'NX').exec()) as [[Error | null, number]];
  if (n <= perMinute) return;
  const ttl = await redis.ttl(key);
  throw new AppError(ErrorCode.TOO_MANY_REQUESTS, 'error.tooManyRequests', { seconds: Math.max(1, ttl) });
}
