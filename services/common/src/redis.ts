import Redis, { type RedisOptions } from 'ioredis';

/**
 * Where a deployment keeps its Redis data: the server (REDIS_URL) and the prefix of every key and queue
 * (REDIS_PREFIX, default `cmp`). Two deployments, or a bench beside a running platform, share one Redis without
 * meeting: neither sees the other's sessions, limits, socket.io streams or BullMQ jobs.
 */
export interface RedisPlace {
  redisUrl: string;
  redisPrefix: string;
}

export const DEFAULT_REDIS_PREFIX = 'cmp';
/** Letters, digits, `_`, `-` and `.`: no `:` (the separator), no braces (Redis Cluster hash tags). */
export const REDIS_PREFIX_PATTERN = /^[A-Za-z0-9_.-]{1,40}$/;

/** A key of this deployment, for clients that do not prefix by themselves (tests, tools). */
export const redisKey = (place: Pick<RedisPlace, 'redisPrefix'>, key: string): string => `${place.redisPrefix}:${key}`;

/**
 * One Redis client setup: lazy reconnects forever, commands fail fast while it is down. Every key it names
 * (commands and scripts' KEYS alike) carries the deployment's prefix; `prefixed: false` for a library that names
 * its keys itself from redisKey (the socket.io adapter's stream). `autoPipelining`: the commands of one event-loop
 * turn go out in one write (for a client sending one command per request, such as the gateway's session lookup).
 */
export function createRedis(
  place: RedisPlace,
  name: string,
  { prefixed = true, autoPipelining = false }: { prefixed?: boolean; autoPipelining?: boolean } = {},
): Redis {
  const options: RedisOptions = {
    connectionName: name,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    enableAutoPipelining: autoPipelining,
  };
  if (prefixed) options.keyPrefix = redisKey(place, '');
  return new Redis(place.redisUrl, options);
}

export type { Redis };

/** A connection for BullMQ (one per queue or worker): commands wait through a Redis restart instead of failing. */
export const bullConnection = (url: string): Redis => new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: false });

/** BullMQ's own prefix (it refuses ioredis' keyPrefix): `<REDIS_PREFIX>:bull`, so queues live beside the other keys. */
export const bullPrefix = (place: Pick<RedisPlace, 'redisPrefix'>): string => redisKey(place, 'bull');

/** What every Queue and Worker of the platform is opened with: its own connection and the deployment's prefix. */
export const bullOptions = (place: RedisPlace): { connection: Redis; prefix: string } => ({ connection: bullConnection(place.redisUrl), prefix: bullPrefix(place) });

/**
 * Redis unreachable or restarting: ioredis gave up on a command (its retries spent, the connection closed or not
 * writable). The caller gets 503 and may try again, as when a service is down; it is not a fault of the request.
 */
export function lostRedis(e: unknown): boolean {
  const err = e as { name?: string; message?: string } | null;
  return err?.name === 'MaxRetriesPerRequestError' || /^(Connection is closed|Stream isn't writeable)/.test(err?.message ?? '');
}
