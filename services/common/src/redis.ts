import Redis from 'ioredis';

/** One Redis client setup: lazy reconnects forever, commands fail fast while it is down. */
export function createRedis(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}

export type { Redis };

/** A connection for BullMQ (one per queue or worker): commands wait through a Redis restart instead of failing. */
export const bullConnection = (url: string): Redis => new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: false });
