import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, isUniqueViolation, NatsRpcClient } from '@cmp/common';
import {
  hasAnyPermission,
  ParticipationMode,
  Perm,
  PayStatus,
  SignupStatus,
  SignupType,
  translate,
  type CompleteStatus,
  type Identity,
  type MemberField,
  type MemberProfile,
  type RpcRequest,
  type Signup,
  type SignupDetail,
  type SignUpPayload,
  type Teacher,
} from '@cmp/contracts';
import { RPC } from '../rpc.provider';
import { callerOf, scopeOf } from '../scope';
import { CompetitionSettings, type Settings } from '../settings/competition-settings';
import { mergeProfiles, missingFields, normaliseProfile, requireFields } from './profile';
import { claimSchool, claimSlot, hasSchoolQuota, releaseSchool, releaseSlot, schoolQuotaOf } from './quota';
import { changed, displayName, loadMembers, loadSignup, notify, SIGNUP_COLUMNS, type SignupRow } from './signup.sql';

const OPEN_STATUSES: number[] = [SignupStatus.pending, SignupStatus.approved];
const ONE_PER_EVENT = 'signup_members_one_per_event';

const fmt = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

export function assertEnrolling(s: Settings, now = Date.now()): void {
  const { startAt, endAt } = s.enroll;
  if ((startAt && now < Date.parse(startAt)) || (endAt && now > Date.parse(endAt))) {
    throw AppError.badRequest('enroll.notEnrolling', { start: fmt(startAt), end: fmt(endAt) });
  }
}

interface NewMember {
  userId: number;
  username: string;
  realName: string;
  captain: boolean;
  profile: MemberProfile;
}

/**
 * Sign-ups and teams, from the participant's side. Every rule that concurrency could break is left to
 * PostgreSQL: one active membership per person and event (unique index), team size (conditional update),
 * event and school quotas (quota.ts).
 */
@Injectable()
export class SignupService {
  constructor(
    private readonly ds: DataSource,
    private readonly settings: CompetitionSettings,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  async signUp(req: RpcRequest<SignUpPayload>): Promise<Signup> {
    const me = callerOf(req);
    const p = req.payload;
    const s = await this.settings.open(p.competitionId, req.meta);
    assertEnrolling(s);
    const saved = await this.savedProfile(this.ds.manager, me.userId);
    const profile = mergeProfiles(saved, normaliseProfile(p.profile));
    requireFields(profile, s.enroll.requiredFields, req.meta.lang);
    const signup = await this.create(req, s, p, [{ userId: me.userId, username: me.username, realName: profile.realName ?? me.username, captain: true, profile }]);
    // Remembered for the next form; outside the sign-up's transaction, which stays as short as it can.
    await this.saveProfile(this.ds.manager, me.userId, profile);
    return signup;
  }

  /**
   * The one place a sign-up is created (sign-up and copy): checks the competition's rules, then in one
   * transaction inserts the row and its members and takes the school's and the event's places.
   */
  private async create(req: RpcRequest, s: Settings, p: Omit<SignUpPayload, 'profile'>, members: NewMember[]): Promise<Signup> {
    const item = this.settings.item(s, p.itemId);
    const { mode, teamMax, teacherMax } = s.enroll;
    if (p.type === SignupType.individual && mode === ParticipationMode.team) throw AppError.badRequest('enroll.modeTeam');
    if (p.type === SignupType.team && mode === ParticipationMode.individual) throw AppError.badRequest('enroll.modeIndividual');
    const teamName = p.type === SignupType.team ? p.teamName?.trim() : undefined;
    if (p.type === SignupType.team && !teamName) throw AppError.badRequest('enroll.teamNameRequired');
    if (members.length > (p.type === SignupType.team ? teamMax : 1)) throw AppError.conflict('enroll.teamFull', { max: teamMax });
    const teachers = cleanTeachers(p.teachers);
    if (teachers.length > teacherMax) throw AppError.badRequest('enroll.tooManyTeachers', { max: teacherMax });
    const captain = members.find((x) => x.captain)!;
    const schoolId = captain.profile.schoolId ?? null;
    const schoolQuota = schoolQuotaOf(s.enroll, schoolId);
    if (hasSchoolQuota(s.enroll) && schoolId === null) throw AppError.badRequest('enroll.schoolRequired');

    try {
      return await this.ds.transaction(async (m) => {
        const [row]: Signup[] = await m.query(
          `INSERT INTO signups AS s (competition_id, item_id, group_id, competition_name, item_name, type, team_name, captain_user_id,
                  school_id, school_name, pay_status, fee_cents, member_count, teachers, invite_code)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING ${SIGNUP_COLUMNS}`,
          [
            s.id, item.id, s.groupId, s.name, item.name, p.type, teamName ?? null, captain.userId, schoolId, captain.profile.schoolName ?? null,
            item.feeCents > 0 ? PayStatus.unpaid : PayStatus.free, item.feeCents, members.length, JSON.stringify(teachers), randomBytes(16).toString('hex'),
          ],
        );
        for (const x of members) {
          await this.insertMember(m, row.id, item.id, x);
        }
        if (schoolId !== null && schoolQuota !== null) await claimSchool(m, item, schoolId, schoolQuota);
        // Last, so the place's row lock is held for the shortest time.
        if (item.quota !== null && !(await claimSlot(m, item.id, row.id))) throw AppError.conflict('enroll.quotaFull');
        return row;
      });
    } catch (e) {
      if (isUniqueViolation(e, ONE_PER_EVENT)) throw AppError.conflict('enroll.alreadySigned');
      throw e;
    }
  }

  /** Adds an active member; a person already in another sign-up of the event is named in the refusal. */
  private async insertMember(m: EntityManager, signupId: number, itemId: number, x: NewMember): Promise<void> {
    const rows: unknown[] = await m.query(
      `INSERT INTO signup_members (signup_id, item_id, user_id, username, captain, profile)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (item_id, user_id) WHERE active DO NOTHING RETURNING id`,
      [signupId, itemId, x.userId, x.username, x.captain, JSON.stringify(x.profile)],
    );
    if (rows.length) return;
    if (x.captain) throw AppError.conflict('enroll.alreadySigned');
    throw AppError.conflict('enroll.memberInOtherTeam', { name: x.realName || x.username });
  }

  async withdraw(req: RpcRequest<{ id: number }>): Promise<null> {
    const me = callerOf(req);
    const s = await loadSignup(this.ds.manager, req.payload.id);
    if (!s) throw AppError.notFound('enroll.signupNotFound', { id: req.payload.id });
    if (s.captainUserId !== me.userId) throw AppError.noAccess('enroll.notCaptain');
    assertEnrolling(await this.settings.get(s.competitionId, req.meta));
    await this.ds.transaction(async (m) => {
      const locked = (await loadSignup(m, s.id, true))!;
      this.assertOpen(locked, req);
      if (locked.payStatus === PayStatus.paid) throw AppError.badRequest('enroll.paidNoWithdraw');
      await closeSignup(m, locked, SignupStatus.withdrawn, null);
    });
    return null;
  }

  dissolve(req: RpcRequest<{ id: number }>): Promise<null> {
    return this.withdraw(req);
  }

  /** Every sign-up the caller is in (as captain or member), newest first. */
  async mine(req: RpcRequest): Promise<Signup[]> {
    const me = callerOf(req);
    return this.ds.query(
      `SELECT ${SIGNUP_COLUMNS} FROM signups s WHERE s.id IN (SELECT signup_id FROM signup_members WHERE user_id = $1 AND active)
          OR (s.captain_user_id = $1 AND s.status IN (${SignupStatus.rejected}, ${SignupStatus.withdrawn}))
       ORDER BY s.id DESC LIMIT 200`,
      [me.userId],
    );
  }

  /** A sign-up with its members: for its members, and for organisers of the competition's organisation. */
  async get(req: RpcRequest<{ id: number }>): Promise<SignupDetail> {
    const s = await loadSignup(this.ds.manager, req.payload.id);
    if (!s) throw AppError.notFound('enroll.signupNotFound', { id: req.payload.id });
    const members = await loadMembers(this.ds.manager, s.id);
    const me = callerOf(req);
    const isMember = members.some((x) => x.userId === me.userId) || s.captainUserId === me.userId;
    if (!isMember) await this.assertOrganiser(req, s.groupId);
    return this.detailOf(req, s, members, isMember);
  }

  async detailOf(req: RpcRequest, s: SignupRow, members: Awaited<ReturnType<typeof loadMembers>>, showInvite: boolean): Promise<SignupDetail> {
    const settings = await this.settings.get(s.competitionId, req.meta);
    const required = settings.enroll.requiredFields;
    const shown = members.map((x) => ({ ...x, profile: x.profile as MemberProfile, missing: missingFields(x.profile as MemberProfile, required) }));
    const { inviteCode, ...rest } = s;
    const teamMin = s.type === SignupType.team ? settings.enroll.teamMin : 1;
    return {
      ...rest,
      members: shown,
      teamMin,
      teamMax: s.type === SignupType.team ? settings.enroll.teamMax : 1,
      complete: shown.length >= teamMin && shown.every((x) => !x.missing.length),
      ...(showInvite && s.type === SignupType.team ? { inviteCode } : {}),
    };
  }

  /** Reuses a previous sign-up (the caller was its captain): team name, advisers and members, for another event. */
  async copy(req: RpcRequest<{ fromId: number; competitionId: number; itemId: number }>): Promise<Signup> {
    const me = callerOf(req);
    const from = await loadSignup(this.ds.manager, req.payload.fromId);
    if (!from) throw AppError.notFound('enroll.signupNotFound', { id: req.payload.fromId });
    if (from.captainUserId !== me.userId) throw AppError.noAccess('enroll.notCaptain');
    if (from.itemId === req.payload.itemId) throw AppError.badRequest('enroll.copySameEvent');
    const s = await this.settings.open(req.payload.competitionId, req.meta);
    assertEnrolling(s);
    const rows: { userId: number; username: string; captain: boolean; profile: MemberProfile }[] = await this.ds.query(
      `SELECT DISTINCT ON (user_id) user_id AS "userId", username, (user_id = $2) AS captain, profile FROM signup_members
       WHERE signup_id = $1 AND (active OR user_id = $2) ORDER BY user_id, id DESC`,
      [from.id, me.userId],
    );
    const members = rows.map((x) => ({ ...x, realName: x.profile.realName ?? x.username }));
    const captain = members.find((x) => x.captain);
    if (!captain) throw AppError.noAccess('enroll.notCaptain');
    captain.profile = mergeProfiles(await this.savedProfile(this.ds.manager, me.userId), captain.profile);
    requireFields(captain.profile, s.enroll.requiredFields, req.meta.lang);
    return this.create(req, s, { competitionId: s.id, itemId: req.payload.itemId, type: from.type, teamName: from.teamName ?? undefined, teachers: from.teachers }, members);
  }

  async teachersSave(req: RpcRequest<{ id: number; teachers: Teacher[] }>): Promise<SignupDetail> {
    const s = await this.captainOf(req);
    const settings = await this.settings.get(s.competitionId, req.meta);
    const teachers = cleanTeachers(req.payload.teachers);
    if (teachers.length > settings.enroll.teacherMax) throw AppError.badRequest('enroll.tooManyTeachers', { max: settings.enroll.teacherMax });
    await this.ds.transaction(async (m) => {
      this.assertOpen((await loadSignup(m, s.id, true))!, req);
      await m.query(`UPDATE signups SET teachers = $2, updated_at = now() WHERE id = $1`, [s.id, JSON.stringify(teachers)]);
    });
    return this.get(req);
  }

  /** The invitation code of a team, for its members (the gateway turns it into a link and a QR code). */
  async invite(req: RpcRequest<{ id: number }>): Promise<{ signupId: number; inviteCode: string; teamName: string | null; competitionId: number }> {
    const me = callerOf(req);
    const s = await loadSignup(this.ds.manager, req.payload.id);
    if (!s) throw AppError.notFound('enroll.signupNotFound', { id: req.payload.id });
    if (s.type !== SignupType.team) throw AppError.badRequest('enroll.notTeam');
    const [member] = await this.ds.query(`SELECT 1 FROM signup_members WHERE signup_id = $1 AND user_id = $2 AND active`, [s.id, me.userId]);
    if (!member) throw AppError.noAccess('enroll.notMember');
    return { signupId: s.id, inviteCode: s.inviteCode, teamName: s.teamName, competitionId: s.competitionId };
  }

  /** Joins a team by its invitation code; the team size is checked by a conditional update. */
  async join(req: RpcRequest<{ inviteCode: string; profile?: MemberProfile }>): Promise<SignupDetail> {
    const me = callerOf(req);
    const [found] = await this.ds.query(`SELECT id::int AS id FROM signups WHERE invite_code = $1`, [req.payload.inviteCode]);
    if (!found) throw AppError.notFound('enroll.inviteNotFound');
    const s = (await loadSignup(this.ds.manager, found.id))!;
    if (s.type !== SignupType.team) throw AppError.badRequest('enroll.notTeam');
    const settings = await this.settings.open(s.competitionId, req.meta);
    assertEnrolling(settings);
    const [already] = await this.ds.query(`SELECT signup_id::int AS "signupId" FROM signup_members WHERE item_id = $1 AND user_id = $2 AND active`, [
      s.itemId,
      me.userId,
    ]);
    if (already?.signupId === s.id) return this.get({ ...req, payload: { id: s.id } });
    if (already) throw AppError.conflict('enroll.alreadySigned');
    const profile = mergeProfiles(await this.savedProfile(this.ds.manager, me.userId), normaliseProfile(req.payload.profile));
    try {
      await this.ds.transaction(async (m) => {
        const grown = await changed(
          m,
          `UPDATE signups SET member_count = member_count + 1, updated_at = now()
           WHERE id = $1 AND status = ${SignupStatus.pending} AND member_count < $2 RETURNING id`,
          [s.id, settings.enroll.teamMax],
        );
        if (!grown.length) {
          const now = (await loadSignup(m, s.id))!;
          this.assertOpen(now, req, [SignupStatus.pending]);
          throw AppError.conflict('enroll.teamFull', { max: settings.enroll.teamMax });
        }
        await this.insertMember(m, s.id, s.itemId, { userId: me.userId, username: me.username, realName: profile.realName ?? me.username, captain: false, profile });
        await notify(m, [s.captainUserId], 'message.memberJoined', { member: profile.realName ?? me.username, team: s.teamName ?? '' });
      });
    } catch (e) {
      if (isUniqueViolation(e, ONE_PER_EVENT)) throw AppError.conflict('enroll.alreadySigned');
      throw e;
    }
    await this.saveProfile(this.ds.manager, me.userId, profile);
    return this.get({ ...req, payload: { id: s.id } });
  }

  async leave(req: RpcRequest<{ id: number }>): Promise<null> {
    const me = callerOf(req);
    const s = await loadSignup(this.ds.manager, req.payload.id);
    if (!s) throw AppError.notFound('enroll.signupNotFound', { id: req.payload.id });
    if (s.captainUserId === me.userId) throw AppError.badRequest('enroll.captainLeaves');
    await this.dropMember(req, s, me.userId);
    return null;
  }

  async removeMember(req: RpcRequest<{ id: number; userId: number }>): Promise<SignupDetail> {
    const s = await this.captainOf(req);
    if (req.payload.userId === s.captainUserId) throw AppError.badRequest('enroll.captainLeaves');
    await this.dropMember(req, s, req.payload.userId);
    return this.get(req);
  }

  private async dropMember(req: RpcRequest, s: SignupRow, userId: number): Promise<void> {
    if (s.type !== SignupType.team) throw AppError.badRequest('enroll.notTeam');
    await this.ds.transaction(async (m) => {
      this.assertOpen((await loadSignup(m, s.id, true))!, req, [SignupStatus.pending]);
      const gone = await changed(m, `UPDATE signup_members SET active = false WHERE signup_id = $1 AND user_id = $2 AND active AND NOT captain RETURNING id`, [
        s.id,
        userId,
      ]);
      if (!gone.length) throw AppError.noAccess('enroll.notMember');
      await m.query(`UPDATE signups SET member_count = member_count - 1, updated_at = now() WHERE id = $1`, [s.id]);
    });
  }

  async transfer(req: RpcRequest<{ id: number; userId: number }>): Promise<SignupDetail> {
    const s = await this.captainOf(req);
    if (s.type !== SignupType.team) throw AppError.badRequest('enroll.notTeam');
    await this.ds.transaction(async (m) => {
      this.assertOpen((await loadSignup(m, s.id, true))!, req);
      const [target] = await m.query(`SELECT 1 FROM signup_members WHERE signup_id = $1 AND user_id = $2 AND active`, [s.id, req.payload.userId]);
      if (!target) throw AppError.badRequest('enroll.notMember');
      await m.query(`UPDATE signup_members SET captain = (user_id = $2) WHERE signup_id = $1 AND active`, [s.id, req.payload.userId]);
      await m.query(`UPDATE signups SET captain_user_id = $2, updated_at = now() WHERE id = $1`, [s.id, req.payload.userId]);
    });
    return this.get(req);
  }

  /** Members of a team: full details for its members and organisers; names only for someone holding the invitation. */
  async members(req: RpcRequest<{ id?: number; inviteCode?: string }>): Promise<SignupDetail> {
    if (req.payload.id) return this.get(req as RpcRequest<{ id: number }>);
    const [found] = await this.ds.query(`SELECT id::int AS id FROM signups WHERE invite_code = $1`, [req.payload.inviteCode ?? '']);
    if (!found) throw AppError.notFound('enroll.inviteNotFound');
    const s = (await loadSignup(this.ds.manager, found.id))!;
    const members = await loadMembers(this.ds.manager, s.id);
    const me = callerOf(req);
    if (members.some((x) => x.userId === me.userId)) return this.detailOf(req, s, members, true);
    const detail = await this.detailOf(req, s, members, false);
    // A prospective member sees who is in the team, not their personal details.
    return { ...detail, members: detail.members.map((x) => ({ ...x, profile: { realName: x.profile.realName }, missing: [] })) };
  }

  /** A member fills in or corrects their details for one sign-up (and keeps them for the next). */
  async memberProfileSave(req: RpcRequest<{ id: number; profile: MemberProfile }>): Promise<CompleteStatus> {
    const me = callerOf(req);
    const profile = normaliseProfile(req.payload.profile);
    await this.ds.transaction(async (m) => {
      const s = await loadSignup(m, req.payload.id, true);
      if (!s) throw AppError.notFound('enroll.signupNotFound', { id: req.payload.id });
      this.assertOpen(s, req, [SignupStatus.pending]);
      const updated = await changed(m, `UPDATE signup_members SET profile = profile || $3::jsonb WHERE signup_id = $1 AND user_id = $2 AND active RETURNING id`, [
        s.id,
        me.userId,
        JSON.stringify(profile),
      ]);
      if (!updated.length) throw AppError.noAccess('enroll.notMember');
      if (s.captainUserId === me.userId && (profile.schoolId !== undefined || profile.schoolName !== undefined)) {
        // The school counted for the school quota is fixed when signing up; only its shown name follows.
        await m.query(`UPDATE signups SET school_name = COALESCE($2, school_name), updated_at = now() WHERE id = $1`, [s.id, profile.schoolName ?? null]);
      }
    });
    await this.saveProfile(this.ds.manager, me.userId, profile);
    return this.completeStatus({ ...req, payload: { id: req.payload.id } });
  }

  /** What the team and each member still lack before the sign-up can be approved. */
  async completeStatus(req: RpcRequest<{ id: number }>): Promise<CompleteStatus> {
    const me = callerOf(req);
    const d = await this.get(req);
    const required = (await this.settings.get(d.competitionId, req.meta)).enroll.requiredFields as MemberField[];
    return {
      signupId: d.id,
      complete: d.complete,
      teamMin: d.teamMin,
      teamMax: d.teamMax,
      memberCount: d.members.length,
      requiredFields: required,
      mine: d.members.find((x) => x.userId === me.userId)?.missing ?? [],
      members: d.members.map((x) => ({ userId: x.userId, realName: x.profile.realName ?? x.username, missing: x.missing })),
    };
  }

  private async captainOf(req: RpcRequest<{ id: number }>): Promise<SignupRow> {
    const me = callerOf(req);
    const s = await loadSignup(this.ds.manager, req.payload.id);
    if (!s) throw AppError.notFound('enroll.signupNotFound', { id: req.payload.id });
    if (s.captainUserId !== me.userId) throw AppError.noAccess('enroll.notCaptain');
    return s;
  }

  private assertOpen(s: Signup, req: RpcRequest, allowed: number[] = OPEN_STATUSES): void {
    if (!allowed.includes(s.status)) throw AppError.badRequest('enroll.closed', { status: translate(`enroll.status.${s.status}`, req.meta.lang) });
  }

  /** Organisers with enroll:list of the competition's organisation (or above it). */
  async assertOrganiser(req: RpcRequest, groupId: number): Promise<void> {
    if (!hasAnyPermission(callerOf(req), [Perm.enrollList])) throw AppError.noAccess('enroll.notMember');
    const scope = await scopeOf(this.rpc, req);
    if (scope !== null && !scope.includes(groupId)) throw AppError.noAccess('enroll.notMember');
  }

  async savedProfile(m: EntityManager, userId: number): Promise<MemberProfile> {
    const [row] = await m.query(`SELECT profile FROM profiles WHERE user_id = $1`, [userId]);
    return (row?.profile as MemberProfile) ?? {};
  }

  async saveProfile(m: EntityManager, userId: number, profile: MemberProfile): Promise<void> {
    await m.query(
      `INSERT INTO profiles (user_id, profile) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET profile = profiles.profile || EXCLUDED.profile, updated_at = now()
       WHERE profiles.profile IS DISTINCT FROM profiles.profile || EXCLUDED.profile`,
      [userId, JSON.stringify(profile)],
    );
  }
}

/** Ends a sign-up (withdrawn or rejected): frees its places and its members for other sign-ups. */
export async function closeSignup(m: EntityManager, s: Signup, status: SignupStatus, reason: string | null): Promise<void> {
  await m.query(`UPDATE signups SET status = $2, reject_reason = $3, updated_at = now() WHERE id = $1`, [s.id, status, reason]);
  await m.query(`UPDATE signup_members SET active = false WHERE signup_id = $1 AND active`, [s.id]);
  await releaseSlot(m, s.id);
  await releaseSchool(m, s.itemId, s.schoolId);
  if (status === SignupStatus.rejected) {
    const members: { userId: number }[] = await m.query(`SELECT DISTINCT user_id AS "userId" FROM signup_members WHERE signup_id = $1`, [s.id]);
    await notify(m, members.map((x) => x.userId), 'message.signupRejected', { name: displayName(s), reason: reason ?? '' });
  }
}

function cleanTeachers(list: Teacher[] | undefined): Teacher[] {
  return (list ?? [])
    .map((t) => ({ name: String(t.name ?? '').trim(), ...(t.phone ? { phone: String(t.phone).trim() } : {}), ...(t.email ? { email: String(t.email).trim() } : {}) }))
    .filter((t) => t.name);
}

export type { Identity };
