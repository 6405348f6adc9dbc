import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, isUniqueViolation, likePattern, pageOf } from '@cmp/common';
import {
  isRoot,
  type LoginCodeSendPayload,
  type Page,
  type RpcRequest,
  type TrialApplication,
  type TrialApplyPayload,
  type TrialConvertPayload,
  type TrialConvertReply,
  type TrialNotePayload,
  type TrialPageQuery,
} from '@cmp/contracts';
import { PhoneCodeService } from '../login/phone-code.service';
import { cleanHosts, GroupService } from '../group/group.service';
import { generatePassword } from '../user/expert-account.service';
import { hashPassword, UserService } from '../user/user.service';

const APPLICATION_SQL = `SELECT a.id, a.university, a.contact, a.phone, a.size, a.needs, a.state, a.group_id AS "groupId", g.name AS "groupName",
       a.created_at AS "createdAt", a.updated_at AS "updatedAt",
       COALESCE((SELECT json_agg(json_build_object('id', n.id, 'authorName', n.author_name, 'body', n.body, 'state', n.state,
                        'createdAt', to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY n.id)
                   FROM trial_notes n WHERE n.application_id = a.id), '[]') AS notes
  FROM trial_applications a LEFT JOIN groups g ON g.id = a.group_id`;

/**
 * Trial applications: a university applies on /experience with a texted code; ROOT follows it up with notes and
 * creates its organisation and first administrator from it. Only ROOT reads or changes them.
 */
@Injectable()
export class TrialService {
  constructor(
    private readonly ds: DataSource,
    private readonly codes: PhoneCodeService,
    private readonly groups: GroupService,
    private readonly users: UserService,
  ) {}

  async sendCode(req: RpcRequest<LoginCodeSendPayload>): Promise<null> {
    const { payload: p, meta } = req;
    await this.codes.throttleAddress(meta);
    await this.codes.claimSend('trial', p.phone);
    await this.codes.sendCode('trial', p.phone, meta.lang);
    return null;
  }

  async save(req: RpcRequest<TrialApplyPayload>): Promise<{ id: number }> {
    const { payload: p, meta } = req;
    await this.codes.throttleAddress(meta);
    await this.codes.check('trial', p.phone, p.code);
    try {
      const [row] = await this.ds.query(
        `INSERT INTO trial_applications (university, contact, phone, size, needs, lang, ip) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [p.university.trim(), p.contact.trim(), p.phone, p.size, p.needs?.trim() ?? '', meta.lang, meta.ip],
      );
      // Spent only once the application is in: a refused one keeps its code for a corrected retry.
      await this.codes.consume('trial', p.phone, p.code);
      return { id: row.id };
    } catch (e) {
      throw isUniqueViolation(e, 'trial_open_phone_uq') ? AppError.conflict('trial.openExists') : e;
    }
  }

  async page(req: RpcRequest<TrialPageQuery>): Promise<Page<TrialApplication>> {
    this.assertRoot(req);
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const where: string[] = ['true'];
    const args: unknown[] = [];
    const arg = (v: unknown) => (args.push(v), `$${args.length}`);
    const keyword = likePattern(q.keyword);
    if (keyword) {
      const kw = arg(keyword);
      where.push(`(a.university ILIKE ${kw} OR a.contact ILIKE ${kw} OR a.phone ILIKE ${kw})`);
    }
    if (q.state) where.push(`a.state = ${arg(q.state)}`);
    const cond = where.join(' AND ');
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM trial_applications a WHERE ${cond}`, args);
    const list = await this.ds.query(`${APPLICATION_SQL} WHERE ${cond} ORDER BY a.id DESC LIMIT ${arg(pageSize)} OFFSET ${arg(offset)}`, args);
    return { list, total, pageNum, pageSize };
  }

  /** A follow-up note, which may also move an open application to following or closed (or reopen a closed one). */
  async note(req: RpcRequest<TrialNotePayload>): Promise<TrialApplication> {
    this.assertRoot(req);
    const caller = callerOf(req);
    const p = req.payload;
    await this.ds.transaction(async (m) => {
      const app = await this.lock(m, p.id);
      if (app.state === 'converted' && p.state) throw AppError.badRequest('trial.alreadyConverted', { groupName: app.group_name ?? '' });
      const [{ author }] = await m.query(`SELECT COALESCE(NULLIF(real_name, ''), username) AS author FROM users WHERE id = $1`, [caller.userId]);
      await m.query(`INSERT INTO trial_notes (application_id, author_id, author_name, body, state) VALUES ($1, $2, $3, $4, $5)`, [
        p.id,
        caller.userId,
        author,
        p.body.trim(),
        p.state ?? null,
      ]);
      try {
        await m.query(`UPDATE trial_applications SET state = COALESCE($2, state), updated_at = now() WHERE id = $1`, [p.id, p.state ?? null]);
      } catch (e) {
        // Reopening while the same phone applied again: that newer application is the one to follow.
        throw isUniqueViolation(e, 'trial_open_phone_uq') ? AppError.conflict('trial.openExists') : e;
      }
    });
    return this.get(p.id);
  }

  /**
   * The application's organisation and its first administrator (the organisation administrator role, with a
   * one-time password shown once), in one transaction with the application's row locked: two clicks make one.
   */
  async convert(req: RpcRequest<TrialConvertPayload>): Promise<TrialConvertReply> {
    this.assertRoot(req);
    const { id, group, admin } = req.payload;
    if (group.parentId !== null) await this.groups.assertExists(group.parentId);
    const password = generatePassword();
    const hash = await hashPassword(password);
    const reply = await this.ds.transaction(async (m) => {
      const app = await this.lock(m, id);
      if (app.state === 'converted') throw AppError.conflict('trial.alreadyConverted', { groupName: app.group_name ?? '' });
      if (app.state === 'closed') throw AppError.badRequest('trial.closed');
      const groupId = await this.groups.insert(m, { ...group, name: group.name.trim(), nameEn: group.nameEn?.trim() ?? '', hosts: cleanHosts(group.hosts) });
      const [user] = await this.users.insertUser(m, { username: admin.username, password: '', realName: admin.realName.trim(), phone: admin.phone, groupId }, hash);
      await m.query(`UPDATE users SET password_one_time = true WHERE id = $1`, [user.id]);
      await m.query(`INSERT INTO user_roles (user_id, role_id) SELECT $1, id FROM roles WHERE key = 'admin' AND builtin`, [user.id]);
      await m.query(`UPDATE trial_applications SET state = 'converted', group_id = $2, updated_at = now() WHERE id = $1`, [id, groupId]);
      return { groupId, username: admin.username, password };
    });
    await this.groups.treeChanged();
    return reply;
  }

  private async get(id: number): Promise<TrialApplication> {
    const [row] = await this.ds.query(`${APPLICATION_SQL} WHERE a.id = $1`, [id]);
    if (!row) throw AppError.notFound('trial.notFound', { id });
    return row;
  }

  private async lock(m: EntityManager, id: number): Promise<{ state: string; group_name: string | null }> {
    const [row] = await m.query(`SELECT state, group_id FROM trial_applications WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) throw AppError.notFound('trial.notFound', { id });
    // A statement of its own: after waiting for the lock it sees the organisation another click just made.
    const [group] = row.group_id ? await m.query(`SELECT name FROM groups WHERE id = $1`, [row.group_id]) : [];
    return { state: row.state, group_name: group?.name ?? null };
  }

  private assertRoot(req: RpcRequest): void {
    if (!isRoot(callerOf(req))) throw AppError.noAccess();
  }
}
