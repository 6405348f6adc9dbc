import { ErrorCode, type MessageKey } from '@cmp/contracts';
import { AppError } from './app-error';
import type { Redis } from './redis';

/**
 * Counts the attempt under every key before it is tried (as a failure until it succeeds), so a burst of parallel
 * guesses cannot all pass one check. A key's window starts at its first failure. Answers the milliseconds to wait
 * (the attempt is then refused and not counted), or 0. ARGV: failures allowed, window ms.
 */
const BEGIN = `local wait = 0
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[1]) then wait = math.max(wait, redis.call('PTTL', key)) end
end
if wait > 0 then return wait end
for _, key in ipairs(KEYS) do
  redis.call('INCR', key)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[2]) end
end
return 0`;

/** A successful attempt gives its count back (never below 0, never creating a key). */
const SUCCEEDED = `for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0`;

export interface FailureLimitOptions {
  /** Names the Redis keys: `<action>-fail:<subject>`. */
  action: string;
  maxFailures: number;
  windowMs: number;
  /** The refusal's message, given `{minutes}` to wait. */
  refusal: MessageKey;
}

/**
 * Failures of one action limited per subject (an account, an address) in Redis, shared by every replica: after
 * `maxFailures` failures of a subject within `windowMs`, every attempt of that subject is refused with 10429, a right
 * one too, until the window that began with its first failure ends. Subjects are independent: one locked account or
 * address does not slow another.
 */
export class FailureLimit {
  constructor(
    private readonly redis: Redis,
    private readonly o: FailureLimitOptions,
  ) {}

  /** Runs `attempt` unless a subject is over its limit; an error it throws counts as a failure and goes on to the caller. */
  async attempt<T>(subjects: string[], attempt: () => Promise<T>): Promise<T> {
    const keys = subjects.map((s) => `${this.o.action}-fail:${s}`);
    const waitMs = Number(await this.redis.eval(BEGIN, keys.length, ...keys, this.o.maxFailures, this.o.windowMs));
    if (waitMs > 0) throw new AppError(ErrorCode.TOO_MANY_REQUESTS, this.o.refusal, { minutes: Math.ceil(waitMs / 60_000) });
    const value = await attempt();
    await this.redis.eval(SUCCEEDED, keys.length, ...keys);
    return value;
  }
}
