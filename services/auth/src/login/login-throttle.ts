import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from '@cmp/common';
import { AUTH_CONFIG, type AuthConfig } from '../config';
import { REDIS } from '../redis.provider';

/** One hash per account name (known or not), one field per address: "<failures>:<blocked until, ms>". */
export const failKey = (username: string) => `login-fail:${username.toLowerCase()}`;

/** The first wait; each further failure doubles it, up to LOGIN_MAX_WAIT_SECONDS. */
const FIRST_WAIT_MS = 1000;
/** An account's record is forgotten a day after its last failed attempt. */
const FORGET_AFTER_SECONDS = 86400;

// Redis's own clock, so several auth replicas agree on when a wait ends.
const NOW_MS = `local t = redis.call('TIME'); local now = t[1] * 1000 + math.floor(t[2] / 1000)`;
const READ = `local v = redis.call('HGET', KEYS[1], ARGV[1]) or '0:0'
local sep = string.find(v, ':')
local count, untilMs = tonumber(string.sub(v, 1, sep - 1)), tonumber(string.sub(v, sep + 1))`;
// ARGV: address, free failures, first wait ms, longest wait ms, record lifetime s.
const WAIT_FOR = `local function waitFor(n) if n < tonumber(ARGV[2]) then return 0 end
  return math.min(tonumber(ARGV[3]) * 2 ^ (n - tonumber(ARGV[2])), tonumber(ARGV[4])) end`;
const WRITE = `redis.call('HSET', KEYS[1], ARGV[1], count .. ':' .. untilMs); redis.call('EXPIRE', KEYS[1], ARGV[5])`;

/**
 * Counts the attempt before the password is checked (as a failure until it succeeds), so a burst of parallel
 * guesses cannot all pass one check. Answers the milliseconds still to wait, or 0 when the attempt may go on.
 */
const BEGIN = `${NOW_MS}
${READ}
${WAIT_FOR}
if untilMs > now then return untilMs - now end
count = count + 1
if waitFor(count) > 0 then untilMs = now + waitFor(count) end
${WRITE}
return 0`;

/** A failure restarts the pair's wait from now (not from when the check began). Answers the wait in ms. */
const FAILED = `${NOW_MS}
${READ}
${WAIT_FOR}
local wait = waitFor(count)
if wait > 0 then untilMs = now + wait; ${WRITE} end
return wait`;

/**
 * Password-login throttling by account AND address: after LOGIN_FREE_FAILURES failures from one address for one
 * account name, that pair waits 1 s, 2 s, 4 s … up to LOGIN_MAX_WAIT_SECONDS before its next try. The owner at
 * another address is not slowed, so nobody can lock anyone out; an unknown name is throttled exactly like a known one.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Milliseconds this pair must still wait (the attempt is then refused), or 0 after counting the attempt. */
  async begin(username: string, ip: string): Promise<number> {
    return this.run(BEGIN, username, ip);
  }

  /** Records a wrong password; answers the wait it starts (0 while the pair still has free failures). */
  async failed(username: string, ip: string): Promise<number> {
    return this.run(FAILED, username, ip);
  }

  /** The right password clears its own address's record only: an attacker elsewhere keeps waiting. */
  async succeeded(username: string, ip: string): Promise<void> {
    await this.redis.hdel(failKey(username), ip);
  }

  /** Whoever proved the account's phone (recovery) starts afresh at every address. */
  async clearAccount(username: string): Promise<void> {
    await this.redis.del(failKey(username));
  }

  private async run(script: string, username: string, ip: string): Promise<number> {
    const c = this.config;
    const args = [ip, c.loginFreeFailures, FIRST_WAIT_MS, c.loginMaxWaitSeconds * 1000, FORGET_AFTER_SECONDS];
    return Number(await this.redis.eval(script, 1, failKey(username), ...args));
  }
}
