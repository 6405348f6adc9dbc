import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, inScope, likePattern, pageOf, Scopes } from '@cmp/common';
import {
  APPROVED_IDS_LIMIT,
  maskName,
  PayStatus,
  SignupStatus,
  SignupType,
  localName,
  translate,
  type ApprovedSignup,
  type ApprovedSignupQuery,
  type IdNumberReveal,
  type Page,
  type RpcRequest,
  type Signup,
  type SignupCheckPayload,
  type SignupCounts,
  type MemberProfile,
  type SignupDetail,
  type SignupListRow,
  type SignupPageQuery,
} from '@cmp/contracts';
import { CompetitionSettings, type Settings } from '../settings/competition-settings';
import { isComplete, missingFields } from './profile';
import { closeSignup, SignupService } from './signup.service';
import { displayName, isClosed, loadMembers, loadSignup, notify, SIGNUP_COLUMNS } from './signup.sql';

/** Most rows one export holds; a larger list is narrowed with the filters first. */
export const EXPORT_LIMIT = 10_000;

/** The organisers' side (scoped to their organisations) and the public counts of a competition. */
@Injectable()
export class SignupAdminService {
  constructor(
    private readonly ds: DataSource,
    private readonly settings: CompetitionSettings,
    private readonly signups: SignupService,
    private readonly scopes: Scopes,
  ) {}

  private async where(req: RpcRequest<SignupPageQuery>): Promise<{ sql: string; params: unknown[] }> {
    const scope = await this.scopes.of(req);
    const q = req.payload;
    const params: unknown[] = [
      scope, q.competitionId ?? null, q.itemId ?? null, q.schoolId ?? null, q.status ?? null, q.payStatus ?? null,
      likePattern(q.keyword), q.schoolName?.trim() || null, q.type ?? null, /^\d{1,9}$/.test(q.keyword?.trim() ?? '') ? Number(q.keyword!.trim()) : null,
    ];
    const sql = `($1::int[] IS NULL OR s.group_id = ANY($1)) AND ($2::int IS NULL OR s.competition_id = $2) AND ($3::int IS NULL OR s.item_id = $3)
      AND ($4::int IS NULL OR s.school_id = $4) AND ($5::int IS NULL OR s.status = $5) AND ($6::int IS NULL OR s.pay_status = $6)
      AND ($7::text IS NULL OR s.id = $10 OR s.team_name ILIKE $7 OR s.school_name ILIKE $7 OR EXISTS (
            SELECT 1 FROM signup_members x WHERE x.signup_id = s.id AND (x.username ILIKE $7 OR x.profile->>'realName' ILIKE $7)))
      AND ($8::text IS NULL OR (s.school_id IS NULL AND s.school_name = $8)) AND ($9::int IS NULL OR s.type = $9)`;
    return { sql, params };
  }

  async page(req: RpcRequest<SignupPageQuery>): Promise<Page<SignupListRow>> {
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    const { sql, params } = await this.where(req);
    const [rows, [{ total }]] = await Promise.all([
      this.ds.query(
        `SELECT ${SIGNUP_COLUMNS}, COALESCE(c.profile->>'realName', c.username, '') AS "captainName", COALESCE(c.username, '') AS "captainAccount"
         FROM signups s LEFT JOIN signup_members c ON c.signup_id = s.id AND c.user_id = s.captain_user_id
         WHERE ${sql} ORDER BY s.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, pageSize, offset],
      ) as Promise<(Signup & { captainName: string; captainAccount: string })[]>,
      this.ds.query(`SELECT count(*)::int AS total FROM signups s WHERE ${sql}`, params),
    ]);
    return { list: await this.withCompleteness(req, rows), total, pageNum, pageSize };
  }

  /** Whether each sign-up of a page is complete, judged as the detail judges it (one query for the members). */
  private async withCompleteness(req: RpcRequest, rows: (Signup & { captainName: string; captainAccount: string })[]): Promise<SignupListRow[]> {
    if (!rows.length) return [];
    const members: { signupId: number; profile: MemberProfile }[] = await this.ds.query(
      `SELECT x.signup_id::int AS "signupId", x.profile FROM signup_members x JOIN signups s ON s.id = x.signup_id
       WHERE x.signup_id = ANY($1::int[]) AND (x.active OR s.status IN (${SignupStatus.rejected}, ${SignupStatus.withdrawn}))`,
      [rows.map((r) => r.id)],
    );
    const settings = new Map<number, Promise<Settings>>();
    for (const id of new Set(rows.map((r) => r.competitionId))) settings.set(id, this.settings.get(id, req.meta));
    return Promise.all(
      rows.map(async (r) => {
        const { enroll } = await settings.get(r.competitionId)!;
        const mine = members.filter((m) => m.signupId === r.id);
        const teamMin = r.type === SignupType.team ? enroll.teamMin : 1;
        return { ...r, complete: isComplete(mine.map((m) => missingFields(m.profile, enroll.requiredFields)), teamMin) };
      }),
    );
  }

  async detail(req: RpcRequest<{ id: number }>): Promise<SignupDetail> {
    const s = await loadSignup(this.ds.manager, req.payload.id);
    if (!s) throw AppError.notFound('enroll.signupNotFound', { id: req.payload.id });
    await this.assertInScope(req, s.groupId, s.id);
    return this.signups.detailOf(req, s, await loadMembers(this.ds.manager, s.id, isClosed(s.status)), false);
  }

  /**
   * One member's identity number in full, for an organiser of the sign-up's organisation (another's sign-up is
   * "not found"). Details show it masked; the gateway records every call of this in the operation log.
   */
  async idNumber(req: RpcRequest<{ id: number; userId: number }>): Promise<IdNumberReveal> {
    const s = await loadSignup(this.ds.manager, req.payload.id);
    if (!s) throw AppError.notFound('enroll.signupNotFound', { id: req.payload.id });
    await this.assertInScope(req, s.groupId, s.id);
    const member = (await loadMembers(this.ds.manager, s.id, isClosed(s.status))).find((m) => m.userId === req.payload.userId);
    if (!member) throw AppError.notFound('enroll.memberNotFound', { id: req.payload.userId });
    const idNumber = (member.profile as MemberProfile).idNumber;
    return { signupId: s.id, userId: member.userId, idNumber: idNumber || null };
  }

  /** Approves (complete and paid sign-ups only) or rejects with a reason, which frees its places. */
  async check(req: RpcRequest<SignupCheckPayload>): Promise<SignupDetail> {
    const { id, approve } = req.payload;
    const reason = req.payload.reason?.trim();
    if (!approve && !reason) throw AppError.badRequest('enroll.reasonRequired');
    const before = await this.detail(req);
    if (approve && !before.complete) throw AppError.badRequest('enroll.incomplete');
    await this.ds.transaction(async (m) => {
      const s = (await loadSignup(m, id, true))!;
      if (s.status !== SignupStatus.pending) throw AppError.badRequest('enroll.notPending');
      if (!approve) return closeSignup(m, s, SignupStatus.rejected, reason!, req.payload.keepFeeReason);
      if (s.payStatus === PayStatus.unpaid) throw AppError.badRequest('enroll.unpaid');
      // Refunded in full while open: the fee is owed again (the payer can pay anew), so it is not approved as it is.
      if (s.payStatus === PayStatus.refunded) throw AppError.badRequest('enroll.feeRefunded');
      await m.query(`UPDATE signups SET status = ${SignupStatus.approved}, reject_reason = NULL, updated_at = now() WHERE id = $1`, [id]);
      await notify(m, before.members.map((x) => x.userId), 'message.signupApproved', (lang) => ({ name: displayName(s, lang) }));
    });
    return this.detail(req);
  }

  /** Rows of the export in the caller's language (the gateway makes the workbook). */
  async exportRows(req: RpcRequest<SignupPageQuery>): Promise<Record<string, string | number>[]> {
    const { sql, params } = await this.where(req);
    const rows: (Signup & { members: string })[] = await this.ds.query(
      `SELECT ${SIGNUP_COLUMNS},
         (SELECT string_agg(COALESCE(x.profile->>'realName', x.username) || CASE WHEN x.captain THEN '*' ELSE '' END, ', ' ORDER BY x.captain DESC, x.id)
          FROM signup_members x WHERE x.signup_id = s.id AND (x.active OR s.status IN (${SignupStatus.rejected}, ${SignupStatus.withdrawn}))) AS members
       FROM signups s WHERE ${sql} ORDER BY s.id LIMIT ${EXPORT_LIMIT}`,
      params,
    );
    const lang = req.meta.lang;
    return rows.map((r) => ({
      id: r.id,
      competitionName: localName(r.competitionName, r.competitionNameEn, lang),
      itemName: localName(r.itemName, r.itemNameEn, lang),
      teamName: r.teamName ?? '',
      schoolName: r.schoolName ?? '',
      members: r.members ?? '',
      teachers: r.teachers.map((t) => t.name).join(', '),
      status: translate(`enroll.status.${r.status}`, lang),
      payStatus: translate(`enroll.pay.${r.payStatus}`, lang),
      createdAt: r.createdAt,
    }));
  }

  /**
   * Approved sign-ups of a competition with members (captain first), teachers and work title, scoped like the list:
   * certificate winners are picked from them. With `ids`, those of them that qualify (no paging); otherwise a page.
   */
  async approved(req: RpcRequest<ApprovedSignupQuery>): Promise<Page<ApprovedSignup>> {
    const q = req.payload;
    const ids = q.ids?.slice(0, APPROVED_IDS_LIMIT);
    const { sql, params } = await this.where({ ...req, payload: { competitionId: q.competitionId, itemId: q.itemId, keyword: q.keyword?.trim() || undefined, status: SignupStatus.approved } });
    // Numbered after the filters' own parameters.
    const n = params.length + 1;
    const where = `${sql} AND ($${n}::bigint[] IS NULL OR s.id = ANY($${n}))`;
    const args = [...params, ids ?? null];
    const { pageNum, pageSize, offset } = ids ? { pageNum: 1, pageSize: APPROVED_IDS_LIMIT, offset: 0 } : pageOf(q);
    const [list, [{ total }]] = await Promise.all([
      this.ds.query(
        `SELECT s.id::int AS id, s.item_id AS "itemId", s.item_name AS "itemName", s.item_name_en AS "itemNameEn", s.type, s.team_name AS "teamName", s.school_name AS "schoolName",
           COALESCE((SELECT jsonb_agg(jsonb_build_object('userId', x.user_id, 'username', x.username, 'realName', COALESCE(x.profile->>'realName', x.username))
             ORDER BY x.captain DESC, x.id) FROM signup_members x WHERE x.signup_id = s.id AND x.active), '[]') AS members,
           ARRAY(SELECT t->>'name' FROM jsonb_array_elements(s.teachers) t) AS teachers,
           (SELECT w.title FROM works w WHERE w.signup_id = s.id) AS "workTitle"
         FROM signups s WHERE ${where} ORDER BY s.id LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...args, pageSize, offset],
      ) as Promise<ApprovedSignup[]>,
      this.ds.query(`SELECT count(*)::int AS total FROM signups s WHERE ${where}`, args),
    ]);
    return { list, total, pageNum, pageSize };
  }

  /** Schools the competition's sign-ups come from, with how many: the list's school filter. */
  async sources(req: RpcRequest<{ competitionId: number }>): Promise<{ schoolId: number | null; schoolName: string; count: number }[]> {
    const scope = await this.scopes.of(req);
    return this.ds.query(
      `SELECT s.school_id AS "schoolId", COALESCE(max(s.school_name), '') AS "schoolName", count(*)::int AS count FROM signups s
       WHERE s.competition_id = $1 AND ($2::int[] IS NULL OR s.group_id = ANY($2)) AND s.status IN (${SignupStatus.pending}, ${SignupStatus.approved})
       GROUP BY s.school_id ORDER BY count DESC, "schoolName"`,
      [req.payload.competitionId, scope],
    );
  }

  /** Public: how many have signed up to a published competition, and places left per event. */
  async counts(req: RpcRequest<{ competitionId: number }>): Promise<SignupCounts> {
    const s = await this.settings.get(req.payload.competitionId, req.meta);
    const rows: { itemId: number; type: number; signups: number; participants: number }[] = await this.ds.query(
      `SELECT item_id AS "itemId", type, count(*)::int AS signups, sum(member_count)::int AS participants FROM signups
       WHERE competition_id = $1 AND status IN (${SignupStatus.pending}, ${SignupStatus.approved}) GROUP BY item_id, type`,
      [s.id],
    );
    const used: { itemId: number; used: number }[] = await this.ds.query(
      `SELECT item_id AS "itemId", count(*)::int AS used FROM event_slots WHERE item_id = ANY($1) AND signup_id IS NOT NULL GROUP BY item_id`,
      [s.items.map((i) => i.id)],
    );
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + f(r), 0);
    return {
      competitionId: s.id,
      signups: sum((r) => r.signups),
      teams: sum((r) => (r.type === SignupType.team ? r.signups : 0)),
      individuals: sum((r) => (r.type === SignupType.individual ? r.signups : 0)),
      participants: sum((r) => r.participants),
      items: s.items.map((i) => {
        const n = rows.filter((r) => r.itemId === i.id).reduce((a, r) => a + r.signups, 0);
        const taken = used.find((u) => u.itemId === i.id)?.used ?? n;
        return { itemId: i.id, itemName: i.name, quota: i.quota, signups: n, remaining: i.quota === null ? null : Math.max(0, i.quota - taken) };
      }),
    };
  }

  /** Public: approved sign-ups of a competition (its participants tab); names are shortened to the family name. */
  async publicMembers(req: RpcRequest<{ competitionId: number; itemId?: number; pageNum?: number; pageSize?: number }>) {
    const s = await this.settings.get(req.payload.competitionId, req.meta);
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    const where = `s.competition_id = $1 AND s.status = ${SignupStatus.approved} AND ($2::int IS NULL OR s.item_id = $2)`;
    const params = [s.id, req.payload.itemId ?? null];
    const [rows, [{ total }]] = await Promise.all([
      this.ds.query(
        `SELECT s.id::int AS id, s.item_id AS "itemId", s.item_name AS "itemName", s.item_name_en AS "itemNameEn", s.type, s.team_name AS "teamName", s.school_name AS "schoolName",
           s.member_count AS "memberCount",
           (SELECT array_agg(COALESCE(x.profile->>'realName', x.username) ORDER BY x.captain DESC, x.id) FROM signup_members x WHERE x.signup_id = s.id AND x.active) AS names
         FROM signups s WHERE ${where} ORDER BY s.id LIMIT $3 OFFSET $4`,
        [...params, pageSize, offset],
      ),
      this.ds.query(`SELECT count(*)::int AS total FROM signups s WHERE ${where}`, params),
    ]);
    const list = rows.map(({ names, ...r }: { names: string[] | null }) => ({ ...r, members: (names ?? []).map(maskName) }));
    return { list, total, pageNum, pageSize };
  }

  private async assertInScope(req: RpcRequest, groupId: number, id: number): Promise<void> {
    // Someone else's organisation's sign-up is "not found" rather than "forbidden": its existence is not theirs to learn.
    if (!inScope(await this.scopes.of(req), groupId)) throw AppError.notFound('enroll.signupNotFound', { id });
  }
}

