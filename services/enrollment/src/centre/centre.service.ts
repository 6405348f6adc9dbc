import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, pageOf } from '@cmp/common';
import {
  messages,
  SignupStatus,
  SignupType,
  type CentreData,
  type EnrollMessagePage,
  type MemberProfile,
  type MyAward,
  type Page,
  type PageQuery,
  type RpcRequest,
  type SiteMessage,
} from '@cmp/contracts';
import { normaliseProfile } from '../signup/profile';
import { SignupService } from '../signup/signup.service';
import { loadMembers, loadSignup, notify, savedProfile, saveProfile } from '../signup/signup.sql';
import { WorkService } from '../work/work.service';

const PROFILE_KEYS: (keyof MemberProfile)[] = ['realName', 'gender', 'idNumber', 'phone', 'email', 'schoolId', 'schoolName', 'college', 'major', 'studentNo', 'grade'];

/** The personal centre: the caller's details, competitions, teams, works and messages. */
@Injectable()
export class CentreService {
  constructor(
    private readonly ds: DataSource,
    private readonly signups: SignupService,
    private readonly works: WorkService,
  ) {}

  /** /web/user/detail: the account (from the verified identity) and the participant details kept for sign-up forms. */
  async profile(req: RpcRequest): Promise<{ userId: number; username: string; groupId: number; profile: MemberProfile }> {
    const me = callerOf(req);
    return { userId: me.userId, username: me.username, groupId: me.groupId, profile: await savedProfile(this.ds.manager, me.userId) };
  }

  /**
   * Saves the details (merged over the kept ones; a field sent empty or null is cleared, with the gender when
   * the identity number goes), and fills them into the caller's sign-ups still under review.
   */
  async saveProfile(req: RpcRequest<MemberProfile>) {
    const me = callerOf(req);
    const profile = normaliseProfile(req.payload);
    const given = req.payload as Record<string, unknown>;
    const cleared: string[] = PROFILE_KEYS.filter((k) => given[k] === '' || given[k] === null);
    if (cleared.includes('idNumber') && !profile.gender) cleared.push('gender');
    await this.ds.transaction(async (m) => {
      await saveProfile(m, me.userId, profile);
      if (cleared.length) await m.query(`UPDATE profiles SET profile = profile - $2::text[], updated_at = now() WHERE user_id = $1`, [me.userId, cleared]);
      await m.query(
        `UPDATE signup_members x SET profile = (x.profile || $2::jsonb) - $3::text[] FROM signups s
         WHERE x.signup_id = s.id AND x.user_id = $1 AND x.active AND s.status = ${SignupStatus.pending}`,
        [me.userId, JSON.stringify(profile), cleared],
      );
    });
    return this.profile(req);
  }

  async centre(req: RpcRequest): Promise<CentreData> {
    const me = callerOf(req);
    const competitions = await this.signups.mine({ ...req, payload: {} });
    const teams = [];
    for (const s of competitions.filter((x) => x.type === SignupType.team && (x.status === SignupStatus.pending || x.status === SignupStatus.approved))) {
      const row = (await loadSignup(this.ds.manager, s.id))!;
      teams.push(await this.signups.detailOf(req, row, await loadMembers(this.ds.manager, s.id), true));
    }
    const [{ unread }] = await this.ds.query(`SELECT count(*)::int AS unread FROM messages WHERE user_id = $1 AND read_at IS NULL`, [me.userId]);
    // Rewards come with certificates and study records with courses: later features fill them.
    return { competitions, teams, works: await this.works.mine(req), rewards: [], studies: [], unreadMessages: unread };
  }

  /** The caller's published awards (/center/reward), newest first: of sign-ups they are an active member of. */
  async awards(req: RpcRequest<PageQuery>): Promise<Page<MyAward>> {
    const me = callerOf(req);
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    const from = `signup_awards a JOIN signups s ON s.id = a.signup_id JOIN works w ON w.id = a.work_id
      WHERE EXISTS (SELECT 1 FROM signup_members m WHERE m.signup_id = a.signup_id AND m.user_id = $1 AND m.active)`;
    const en = (column: string, table = 's') => (req.meta.lang === 'en' ? `COALESCE(NULLIF(${table}.${column}_en, ''), ${table}.${column})` : `${table}.${column}`);
    const [list, [{ total }]] = await Promise.all([
      this.ds.query(
        `SELECT a.signup_id::int AS "signupId", s.competition_id AS "competitionId", ${en('competition_name')} AS "competitionName", ${en('item_name')} AS "itemName",
           s.team_name AS "teamName", a.round_id AS "roundId", a.round_name AS "roundName", a.work_id::int AS "workId", w.title AS "workTitle",
           ${en('level', 'a')} AS level, a.rank, a.published_at AS "publishedAt", a.appeal_until AS "appealUntil"
         FROM ${from} ORDER BY a.published_at DESC, a.round_id DESC LIMIT $2 OFFSET $3`,
        [me.userId, pageSize, offset],
      ),
      this.ds.query(`SELECT count(*)::int AS total FROM ${from}`, [me.userId]),
    ]);
    return { list, total, pageNum, pageSize };
  }

  async messages(req: RpcRequest<PageQuery>): Promise<EnrollMessagePage> {
    const me = callerOf(req);
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    const title = req.meta.lang === 'en' ? 'title_en' : 'title_zh';
    const [list, [{ total, unread }]] = await Promise.all([
      this.ds.query(
        `SELECT id::int AS id, ${title} AS title, '' AS content, read_at IS NOT NULL AS read, created_at AS "createdAt" FROM messages
         WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [me.userId, pageSize, offset],
      ),
      this.ds.query(`SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread FROM messages WHERE user_id = $1`, [me.userId]),
    ]);
    return { list, total, unread, pageNum, pageSize };
  }

  /** Marks the listed messages (or all when none are listed) read. */
  async read(req: RpcRequest<{ ids?: number[] }>): Promise<null> {
    const me = callerOf(req);
    await this.ds.query(`UPDATE messages SET read_at = now() WHERE user_id = $1 AND read_at IS NULL AND ($2::bigint[] IS NULL OR id = ANY($2))`, [
      me.userId,
      req.payload.ids?.length ? req.payload.ids : null,
    ]);
    return null;
  }

  /** Internal: leaves a message from another service (never reached from HTTP; the gateway maps no route to it). */
  async send(req: RpcRequest<SiteMessage>): Promise<{ sent: number }> {
    const { userIds, key, params, paramsEn } = req.payload;
    const ids = [...new Set(userIds.filter((u) => Number.isInteger(u) && u > 0))];
    if (!(key in messages)) throw AppError.badRequest('error.badValue');
    await notify(this.ds.manager, ids, key, (lang) => ({ ...params, ...(lang === 'en' ? paramsEn : {}) }));
    return { sent: ids.length };
  }
}
