import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { AppError, callerOf, type Redis } from '@cmp/common';
import {
  ErrorCode,
  PHONE_PATTERN,
  type LoginCodePayload,
  type LoginCodeSendPayload,
  type LoginPasswordPayload,
  type LoginReply,
  type RpcRequest,
} from '@cmp/contracts';
import { AccessService } from '../access/access.service';
import { AUTH_CONFIG, type AuthConfig } from '../config';
import { REDIS } from '../redis.provider';
import { SessionService } from '../session/session.service';
import { PhoneCodeService } from './phone-code.service';

// Verifying against this keeps a login for an unknown account as slow as one for a known account.
const DUMMY_HASH = argon2.hash('dummy-password-for-timing', { type: argon2.argon2id });

export const failKey = (username: string) => `login-fail:${username.toLowerCase()}`;

@Injectable()
export class LoginService {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly ds: DataSource,
    private readonly access: AccessService,
    private readonly sessions: SessionService,
    private readonly codes: PhoneCodeService,
  ) {}

  async logout(req: RpcRequest): Promise<null> {
    await this.sessions.close(callerOf(req));
    return null;
  }

  async loginWithPassword(req: RpcRequest<LoginPasswordPayload>): Promise<LoginReply> {
    const { payload: p, meta } = req;
    await this.codes.throttleAddress(meta);
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
  async sendCode(req: RpcRequest<LoginCodeSendPayload>): Promise<null> {
    const { payload: p, meta } = req;
    await this.codes.throttleAddress(meta);
    const known = PHONE_PATTERN.test(p.phone) && (await this.ds.query(`SELECT 1 FROM users WHERE phone = $1 AND deleted_at IS NULL`, [p.phone])).length > 0;
    await this.codes.issue('login', p.phone, known);
    return null;
  }

  async loginWithCode(req: RpcRequest<LoginCodePayload>): Promise<LoginReply> {
    const { payload: p, meta } = req;
    await this.codes.throttleAddress(meta);
    await this.codes.consume('login', p.phone, p.code);
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
}
