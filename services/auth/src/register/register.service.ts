import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '@cmp/common';
import {
  ErrorCode,
  isStrongPassword,
  USERNAME_PATTERN,
  type LoginCodeSendPayload,
  type RegisterGroup,
  type RegisterPayload,
  type RpcRequest,
  type RetrievePayload,
} from '@cmp/contracts';
import { LoginThrottle } from '../login/login-throttle';
import { PhoneCodeService } from '../login/phone-code.service';
import { SmsSender } from '../login/sms-sender';
import { SessionService } from '../session/session.service';
import { hashPassword, UserService } from '../user/user.service';

/** The role every self-registered account gets. */
export const SELF_REGISTER_ROLE = 'student';

/**
 * Organisations open to sign-up: every one with a superior, and none of them or above them disabled. A top-level
 * organisation is the platform's operator (only ROOT creates those), whose accounts administrators create themselves.
 */
const OPEN_GROUPS_SQL = `WITH RECURSIVE live AS (
     SELECT id FROM groups WHERE parent_id IS NULL AND status = 1
     UNION ALL SELECT g.id FROM groups g JOIN live ON g.parent_id = live.id WHERE g.status = 1)
   SELECT id, code, name, parent_id AS "parentId" FROM groups WHERE parent_id IS NOT NULL AND id IN (SELECT id FROM live)`;

/** Self-service sign-up and password recovery by phone code (public calls). */
@Injectable()
export class RegisterService {
  constructor(
    private readonly ds: DataSource,
    private readonly codes: PhoneCodeService,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly throttle: LoginThrottle,
    private readonly sms: SmsSender,
  ) {}

  groups(): Promise<RegisterGroup[]> {
    return this.ds.query(`${OPEN_GROUPS_SQL} ORDER BY parent_id, id`);
  }

  /**
   * Answers the same whether or not the phone has an account, so phones cannot be probed here. The phone's owner
   * learns it by text: a registered phone gets a notice naming its account (log in or recover) instead of a code.
   */
  async sendRegisterCode(req: RpcRequest<LoginCodeSendPayload>): Promise<null> {
    const { payload: p, meta } = req;
    await this.codes.throttleAddress(meta);
    await this.codes.claimSend('register', p.phone);
    const owner = await this.userIdByPhone(p.phone);
    if (owner) await this.sms.send(p.phone, { template: 'alreadyRegistered', params: { username: owner.username } }, meta.lang);
    else await this.codes.sendCode('register', p.phone, meta.lang);
    return null;
  }

  async register(req: RpcRequest<RegisterPayload>): Promise<{ userId: number; username: string }> {
    const { payload: p, meta } = req;
    await this.codes.throttleAddress(meta);
    // Everything that can be said without the code is said first, so a typo does not cost the code.
    if (!USERNAME_PATTERN.test(p.username)) throw AppError.badRequest('import.row.username');
    if (!isStrongPassword(p.password)) throw AppError.badRequest('user.weakPassword');
    const [group] = await this.ds.query(`${OPEN_GROUPS_SQL} AND id = $1`, [p.groupId]);
    if (!group) throw AppError.badRequest('register.unknownGroup', { groupId: p.groupId });
    const [taken] = await this.ds.query(`SELECT 1 FROM users WHERE lower(username) = lower($1) AND deleted_at IS NULL`, [p.username]);
    if (taken) throw AppError.conflict('user.usernameTaken', { username: p.username });
    // Only a live code for the phone shows it is taken: a registered phone never gets one, so the form cannot probe.
    await this.codes.check('register', p.phone, p.code);
    await this.assertPhoneFree(p.phone);
    const [role] = await this.ds.query(`SELECT id FROM roles WHERE key = $1`, [SELF_REGISTER_ROLE]);
    if (!role) throw AppError.badRequest('register.noStudentRole');

    await this.codes.consume('register', p.phone, p.code);
    const hash = await hashPassword(p.password);
    // The unique indexes decide a race between two sign-ups for the same name or phone.
    const userId = await this.ds
      .transaction(async (m) => {
        const [row] = await this.users.insertUser(m, { username: p.username, realName: p.realName, phone: p.phone, groupId: p.groupId, password: '' }, hash);
        await this.users.setRoles(m, row.id, [role.id]);
        return row.id as number;
      })
      .catch((e: unknown) => {
        throw e instanceof AppError && e.key === 'user.phoneTaken' ? AppError.conflict('register.phoneTaken', { phone: p.phone }) : e;
      });
    return { userId, username: p.username };
  }

  /** Answers the same whether or not the phone has an account, and sends nothing when it has none. */
  async sendRetrieveCode(req: RpcRequest<LoginCodeSendPayload>): Promise<null> {
    const { payload: p, meta } = req;
    await this.codes.throttleAddress(meta);
    await this.codes.claimSend('retrieve', p.phone);
    if (await this.userIdByPhone(p.phone)) await this.codes.sendCode('retrieve', p.phone, meta.lang);
    return null;
  }

  /** New password by phone and code; every session of the account ends, as after an administrator's reset. */
  async retrieve(req: RpcRequest<RetrievePayload>): Promise<null> {
    const { payload: p, meta } = req;
    await this.codes.throttleAddress(meta);
    if (!isStrongPassword(p.password)) throw AppError.badRequest('user.weakPassword');
    // An unknown phone has no code, so it fails here exactly like a wrong code.
    await this.codes.consume('retrieve', p.phone, p.code);
    const user = await this.userIdByPhone(p.phone);
    if (!user) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'auth.codeInvalid');
    await this.ds.query(`UPDATE users SET password_hash = $2, password_one_time = false, updated_at = now() WHERE id = $1`, [user.id, await hashPassword(p.password)]);
    await this.sessions.closeAll(user.id);
    // Whoever proved the phone may log in at once from anywhere, even where wrong guesses made them wait.
    await this.throttle.clearAccount(user.username);
    return null;
  }

  private async assertPhoneFree(phone: string): Promise<void> {
    if (await this.userIdByPhone(phone)) throw AppError.conflict('register.phoneTaken', { phone });
  }

  private async userIdByPhone(phone: string): Promise<{ id: number; username: string } | undefined> {
    const [row] = await this.ds.query(`SELECT id, username FROM users WHERE phone = $1 AND deleted_at IS NULL`, [phone]);
    return row;
  }
}
