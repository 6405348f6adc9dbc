import { Inject, Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { AppError, type Redis } from '@cmp/common';
import { ErrorCode, PHONE_PATTERN, type Lang, type RequestMeta } from '@cmp/contracts';
import { AUTH_CONFIG, type AuthConfig } from '../config';
import { REDIS } from '../redis.provider';
import { SmsSender } from './sms-sender';

/** What a code is for: each purpose has its own codes, so a login code cannot reset a password. */
export type CodePurpose = 'login' | 'register' | 'retrieve' | 'trial';

// Key names keep the `login-` prefix the code login has always used (tests and tools read them).
export const codeKey = (purpose: CodePurpose, phone: string) => `${purpose}-code:${phone}`;
const codeTriesKey = (purpose: CodePurpose, phone: string) => `${purpose}-code-tries:${phone}`;
const codeGapKey = (purpose: CodePurpose, phone: string) => `${purpose}-code-gap:${phone}`;
const ipKey = (ip: string) => `login-ip:${ip}`;

/**
 * One-time phone codes: 6 digits in Redis for LOGIN_CODE_TTL_SECONDS, one send per phone and purpose
 * per LOGIN_CODE_RESEND_SECONDS, voided after LOGIN_CODE_MAX_ATTEMPTS wrong tries, consumed once.
 * Every call counts against the per-address login limit.
 */
@Injectable()
export class PhoneCodeService {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly sender: SmsSender,
  ) {}

  /**
   * Checks the phone and the resend gap of a send, for every phone alike: callers that must not reveal whether a
   * phone is known claim first, then send a code, a notice or nothing, and answer the same either way.
   */
  async claimSend(purpose: CodePurpose, phone: string): Promise<void> {
    if (!PHONE_PATTERN.test(phone)) throw AppError.badRequest('error.validation', { detail: 'phone' });
    const gap = this.config.codeResendSeconds;
    if (gap > 0 && !(await this.redis.set(codeGapKey(purpose, phone), '1', 'EX', gap, 'NX'))) {
      throw new AppError(ErrorCode.TOO_MANY_REQUESTS, 'auth.codeTooSoon', { seconds: await this.redis.ttl(codeGapKey(purpose, phone)) });
    }
  }

  /** Issues a new code for the phone (the previous one stops working) and texts it in `lang`. */
  async sendCode(purpose: CodePurpose, phone: string, lang: Lang): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.redis
      .multi()
      .set(codeKey(purpose, phone), code, 'EX', this.config.codeTtlSeconds)
      .del(codeTriesKey(purpose, phone))
      .exec();
    await this.sender.send(phone, { template: purpose, params: { code, minutes: Math.ceil(this.config.codeTtlSeconds / 60) } }, lang);
  }

  /** Throws unless `code` is the live code for the phone; does not consume it. */
  async check(purpose: CodePurpose, phone: string, code: string): Promise<void> {
    const expected = await this.redis.get(codeKey(purpose, phone));
    if (!expected) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.codeInvalid');
    if (expected === code) return;
    const tries = await this.redis.incr(codeTriesKey(purpose, phone));
    await this.redis.expire(codeTriesKey(purpose, phone), this.config.codeTtlSeconds);
    if (tries >= this.config.codeMaxAttempts) {
      await this.redis.del(codeKey(purpose, phone), codeTriesKey(purpose, phone));
      throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.codeAttempts');
    }
    throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.codeInvalid');
  }

  /** Checks and consumes the code: of two requests racing with the same code, only one wins (DEL answers 1 once). */
  async consume(purpose: CodePurpose, phone: string, code: string): Promise<void> {
    await this.check(purpose, phone, code);
    if ((await this.redis.del(codeKey(purpose, phone))) !== 1) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.codeInvalid');
  }

  /** Per-address ceiling shared by every login, code and recovery call (LOGIN_IP_LIMIT_PER_MINUTE). */
  async throttleAddress(meta: RequestMeta): Promise<void> {
    const ip = meta.ip;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(ipKey(ip)).ttl(ipKey(ip)).exec()) as [[null, number], [null, number]];
    if (ttl < 0) await this.redis.expire(ipKey(ip), 60);
    if (count > this.config.loginIpLimitPerMinute) {
      throw new AppError(ErrorCode.TOO_MANY_REQUESTS, 'auth.ipThrottled', { seconds: ttl > 0 ? ttl : 60 });
    }
  }
}
