import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { AppError, callerOf, returnedRows } from '@cmp/common';
import {
  ErrorCode,
  isStrongPassword,
  type FirstLoginPayload,
  type LoginCodePayload,
  type LoginCodeSendPayload,
  type LoginPasswordPayload,
  type LoginReply,
  type PasswordLoginReply,
  type RpcRequest,
} from '@cmp/contracts';
import { AccessService } from '../access/access.service';
import { SessionService } from '../session/session.service';
import { hashPassword } from '../user/user.service';
import { LoginThrottle } from './login-throttle';
import { PhoneCodeService } from './phone-code.service';

// Verifying against this keeps a login for an unknown account as slow as one for a known account: same cost
// parameters as real hashes (argon2's defaults would cost five times as much and tell the two apart).
export const DUMMY_HASH = hashPassword('dummy-password-for-timing');

@Injectable()
export class LoginService {
  constructor(
    private readonly ds: DataSource,
    private readonly access: AccessService,
    private readonly sessions: SessionService,
    private readonly codes: PhoneCodeService,
    private readonly throttle: LoginThrottle,
  ) {}

  async logout(req: RpcRequest): Promise<null> {
    await this.sessions.close(callerOf(req));
    return null;
  }

  /** A one-time password (an expert's login slip) opens no session: the answer asks for a new password first. */
  async loginWithPassword(req: RpcRequest<LoginPasswordPayload>): Promise<PasswordLoginReply> {
    const user = await this.checkPassword(req);
    return user.password_one_time ? { passwordChangeRequired: true } : this.openSession(user.id);
  }

  /** The login with a one-time password: the new password replaces it (which then no longer works) and the session opens. */
  async firstLogin(req: RpcRequest<FirstLoginPayload>): Promise<LoginReply> {
    const { password, newPassword } = req.payload;
    if (!isStrongPassword(newPassword)) throw AppError.badRequest('user.weakPassword');
    if (newPassword === password) throw AppError.badRequest('auth.newPasswordSame');
    const user = await this.checkPassword(req);
    if (!user.password_one_time) throw AppError.badRequest('auth.passwordNotOneTime');
    // The condition makes two racing first logins set one password, not the later one over the earlier.
    const changed = await returnedRows(
      this.ds,
      `UPDATE users SET password_hash = $2, password_one_time = false, updated_at = now() WHERE id = $1 AND password_one_time RETURNING id`,
      [user.id, await hashPassword(newPassword)],
    );
    if (!changed.length) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.badCredentials');
    return this.openSession(user.id);
  }

  /** The account whose password this is, throttled per account and address so guessing stays slow. */
  private async checkPassword(req: RpcRequest<LoginPasswordPayload>): Promise<{ id: number; password_one_time: boolean }> {
    const { payload: p, meta } = req;
    await this.codes.throttleAddress(meta);
    // Before the account is looked up, so an unknown name is throttled exactly like a known one.
    const waitMs = await this.throttle.begin(p.username, meta.ip);
    if (waitMs > 0) throw new AppError(ErrorCode.TOO_MANY_REQUESTS, 'auth.loginWait', { seconds: Math.ceil(waitMs / 1000) });
    const rows: { id: number; password_hash: string; password_one_time: boolean }[] = await this.ds.query(
      `SELECT id, password_hash, password_one_time FROM users WHERE lower(username) = lower($1) AND deleted_at IS NULL`,
      [p.username],
    );
    const ok = await argon2.verify(rows[0]?.password_hash ?? (await DUMMY_HASH), p.password);
    if (!rows[0] || !ok) {
      const nextWaitMs = await this.throttle.failed(p.username, meta.ip);
      // Saying the wait at once spares a person a refused retry; an unknown name gets the same words.
      if (nextWaitMs > 0) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.badCredentialsWait', { seconds: Math.ceil(nextWaitMs / 1000) });
      throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.badCredentials');
    }
    await this.throttle.succeeded(p.username, meta.ip);
    return rows[0];
  }

  /** Sends a code when the phone belongs to an account; answers the same either way, so phones cannot be probed. */
  async sendCode(req: RpcRequest<LoginCodeSendPayload>): Promise<null> {
    const { payload: p, meta } = req;
    await this.codes.throttleAddress(meta);
    await this.codes.claimSend('login', p.phone);
    const known = (await this.ds.query(`SELECT 1 FROM users WHERE phone = $1 AND deleted_at IS NULL`, [p.phone])).length > 0;
    if (known) await this.codes.sendCode('login', p.phone, meta.lang);
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
    // Temporary accounts (temporary experts) expire: no login after, and no session outlives the account.
    const [{ seconds_left, group_disabled }]: { seconds_left: number | null; group_disabled: boolean }[] = await this.ds.query(
      `WITH RECURSIVE up AS (
         SELECT g.id, g.parent_id, g.status, 0 AS depth FROM groups g JOIN users u ON u.group_id = g.id WHERE u.id = $1
         UNION ALL SELECT g.id, g.parent_id, g.status, up.depth + 1 FROM groups g JOIN up ON g.id = up.parent_id WHERE up.depth < 20)
       SELECT floor(extract(epoch FROM expires_at - now()))::int AS seconds_left,
              EXISTS (SELECT 1 FROM up WHERE status = 0) AS group_disabled
         FROM users WHERE id = $1`,
      [userId],
    );
    if (seconds_left !== null && seconds_left <= 0) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.accountExpired');
    // A disabled organisation, or one above it, closes the door to all its people.
    if (group_disabled) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.groupDisabled');
    return this.sessions.open(this.access.toSessionIdentity(info), seconds_left ?? undefined);
  }
}
