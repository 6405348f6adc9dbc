import { Inject, Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { AppError, type Redis } from '@cmp/common';
import {
  ErrorCode,
  PHONE_PATTERN,
  type LoginCodePayload,
  type LoginCodeSendPayload,
  type LoginPasswordPayload,
  type LoginReply,
  type RequestMeta,
} from '@cmp/contracts';
import { AccessService } from '../access/access.service';
import { AUTH_CONFIG, type AuthConfig } from '../config';
import { REDIS } from '../redis.provider';
import { SessionService } from '../session/session.service';
import { CodeSender } from './code-sender';

// Verifying against this keeps a login for an unknown account as slow as one for a known account.
const DUMMY_HASH = argon2.hash('dummy-password-for-timing', { type: argon2.argon2id });

const ipKey = (ip: string) => `login-ip:${ip}`;
const failKey = (username: string) => `login-fail:${username.toLowerCase()}`;
const codeKey = (phone: string) => `login-code:${phone}`;
const codeTriesKey = (phone: string) => `login-code-tries:${phone}`;
const codeGapKey = (phone: string) => `login-code-gap:${phone}`;

@Injectable()
export class LoginService {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly ds: DataSource,
    private readonly access: AccessService,
    private readonly sessions: SessionService,
    private readonly sender: CodeSender,
  ) {}

  async loginWithPassword(p: LoginPasswordPayload, meta: RequestMeta): Promise<LoginReply> {
    await this.throttleAddress(meta.ip);
    const failures = Number(await this.redis.get(failKey(p.username))) || 0;
    if (failures >= this.config.loginMaxFailures) {
      throw new AppError(ErrorCode.TOO_MANY_REQUESTS, 'auth.accountLocked', { minutes: this.config.loginLockMinutes });
    }
    const rows: { id: number; password_hash: string }[] = await this.ds.query(
      `SELECT id, password_hash FROM users WHERE lower(username) = lower($1) AND deleted_at IS NULL`,
      [p.username],
    );
    const ok = await argon2.verify(rows[0]?.password_hash ?? (await DUMMY_HASH), p.password);
    if (!rows[0] || !ok) {
      await this.redis.multi().incr(failKey(p.username)).expire(failKey(p.username), this.config.loginLockMinutes * 60).exec();
      throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.badCredentials');
    }
    await this.redis.del(failKey(p.username));
    return this.openSession(rows[0].id);
  }

  /** Sends a code when the phone belongs to an account; answers the same either way, so phones cannot be probed. */
  async sendCode(p: LoginCodeSendPayload, meta: RequestMeta): Promise<void> {
    await this.throttleAddress(meta.ip);
    if (!PHONE_PATTERN.test(p.phone)) throw AppError.badRequest('error.validation', { detail: 'phone' });
    const gap = this.config.codeResendSeconds;
    if (gap > 0 && !(await this.redis.set(codeGapKey(p.phone), '1', 'EX', gap, 'NX'))) {
      throw new AppError(ErrorCode.TOO_MANY_REQUESTS, 'auth.codeTooSoon', { seconds: await this.redis.ttl(codeGapKey(p.phone)) });
    }
    const known = await this.ds.query(`SELECT 1 FROM users WHERE phone = $1 AND deleted_at IS NULL`, [p.phone]);
    if (!known.length) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.redis.multi().set(codeKey(p.phone), code, 'EX', this.config.codeTtlSeconds).del(codeTriesKey(p.phone)).exec();
    await this.sender.send(p.phone, code);
  }

  async loginWithCode(p: LoginCodePayload, meta: RequestMeta): Promise<LoginReply> {
    await this.throttleAddress(meta.ip);
    const expected = await this.redis.get(codeKey(p.phone));
    if (!expected) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.codeInvalid');
    if (expected !== p.code) {
      const tries = await this.redis.incr(codeTriesKey(p.phone));
      await this.redis.expire(codeTriesKey(p.phone), this.config.codeTtlSeconds);
      if (tries >= this.config.codeMaxAttempts) {
        await this.redis.del(codeKey(p.phone), codeTriesKey(p.phone));
        throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.codeAttempts');
      }
      throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.codeInvalid');
    }
    // Only one request can consume a code: DEL answers 1 once.
    if ((await this.redis.del(codeKey(p.phone))) !== 1) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.codeInvalid');
    const rows: { id: number }[] = await this.ds.query(`SELECT id FROM users WHERE phone = $1 AND deleted_at IS NULL`, [p.phone]);
    if (!rows[0]) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.codeInvalid');
    return this.openSession(rows[0].id);
  }

  private async openSession(userId: number): Promise<LoginReply> {
    const info = await this.access.loadUser(userId);
    if (!info) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.badCredentials');
    if (info.status !== 1) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.accountDisabled');
    return this.sessions.open(this.access.toSessionIdentity(info));
  }

  private async throttleAddress(ip: string): Promise<void> {
    const [[, count], [, ttl]] = (await this.redis.multi().incr(ipKey(ip)).ttl(ipKey(ip)).exec()) as [[null, number], [null, number]];
    if (ttl < 0) await this.redis.expire(ipKey(ip), 60);
    if (count > this.config.loginIpLimitPerMinute) {
      throw new AppError(ErrorCode.TOO_MANY_REQUESTS, 'auth.ipThrottled', { seconds: ttl > 0 ? ttl : 60 });
    }
  }
}
