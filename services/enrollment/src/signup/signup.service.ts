import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, factPage, inScope, isUniqueViolation, preparedQuery, Scopes, writeEvent } from '@cmp/common';
import {
  EventSubject,
  hasAnyPermission,
  maskIdNumber,
  ParticipationMode,
  Perm,
  PayStatus,
  SignupStatus,
  SignupType,
  type CompleteStatus,
  type FactPage,
  type FactPageQuery,
  type MemberField,
  type MemberProfile,
  type RpcRequest,
  type Signup,
  type SignupClosedEvent,
  type SignupDetail,
  type SignupFact,
  type SignupPayable,
  type SignUpPayload,
  type Teacher,
} from '@cmp/contracts';
import { CompetitionSettings, type Settings } from '../settings/competition-settings';
import { isComplete, mergeProfiles, missingFields, normaliseProfile, requireFields } from './profile';
import { hasSchoolQuota, releaseSchool, releaseSlot, schoolQuotaOf } from './quota';
import {
  assertOpen,
  changed,
  displayName,
  loadMembers,
  loadSignup,
  notify,
  ONE_PER_EVENT,
  savedProfile,
  saveProfile,
  SIGNUP_COLUMNS,
  type SignupRow,
} from './signup.sql';

const DEADLOCK = '40P01';

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
    private readonly scopes: Scopes,
  ) {}

  async signUp(req: RpcRequest<SignUpPayload>): Promise<Signup> {
    const me = callerOf(req);
    const p = req.payload;
    const s = await this.settings.open(p.competitionId, req.meta);
    assertEnrolling(s);
    let profile = normaliseProfile(p.profile);
    // The saved details are read only when the form lacks something they may hold; otherwise the
    // sign-up statement merges them itself (one round trip for the common case).
    if (missingFields(profile, s.enroll.requiredFields).length || (hasSchoolQuota(s.enroll) && !profile.schoolId)) {
      profile = mergeProfiles(await savedProfile(this.ds.manager, me.userId), profile);
    }
    requireFields(profile, s.enroll.requiredFields, req.meta.lang);
    return this.create(s, p, [{ userId: me.userId, username: me.username, realName: profile.realName ?? me.username, captain: true, profile }]);
  }

  /**
   * The one place a sign-up is created (sign-up and copy): checks the competition's rules, then makes it
   * in ONE statement (see signUpStatement), which PostgreSQL runs atomically: a broken rule aborts it all.
   */
  private async create(s: Settings, p: Omit<SignUpPayload, 'profile'>, members: NewMember[]): Promise<Signup> {
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
    if (hasSchoolQuota(s.enroll) && schoolId === null) throw AppError.badRequest('enroll.schoolRequired');
    const params = [
      s.id, item.id, s.groupId, s.name, item.name, p.type, teamName ?? null, captain.userId, schoolId, captain.profile.schoolName ?? null,
      item.feeFen > 0 ? PayStatus.unpaid : PayStatus.free, item.feeFen, members.length, JSON.stringify(teachers), randomBytes(16).toString('hex'),
      members.map((x) => x.userId), members.map((x) => x.username), members.map((x) => x.captain), members.map((x) => JSON.stringify(x.profile)),
      item.quota !== null, schoolQuotaOf(s.enroll, schoolId), JSON.stringify(captain.profile), s.nameEn ?? '', item.nameEn ?? '',
    ];
    const run = async (waitForLocked: boolean): Promise<Signup> => {
      // A named prepared statement straight on TypeORM's pg pool: planned once per connection instead of
      // on every sign-up (half the database's time per sign-up, measured in the sign-up-rush bench).
      const [row] = await preparedQuery<Signup & Record<'quotaCheck' | 'schoolCheck' | 'membersAdded' | 'profileSaved', unknown>>(this.ds, {
        name: waitForLocked ? 'enrollment.sign-up.wait' : 'enrollment.sign-up',
        text: signUpStatement(waitForLocked),
        values: params,
      });
      const { quotaCheck: _q, schoolCheck: _s, membersAdded: _m, profileSaved: _p, ...signup } = row;
      return signup;
    };
    try {
      // Fast path first. Every free place held by sign-ups still in flight: wait for them (see claimSlot).
      // Waiting can deadlock with another waiter (the same person submitting twice, or a school's count
      // and a place locked in opposite orders): PostgreSQL aborts one of the two, which simply tries again.
      let waitForLocked = false;
      for (let attempt = 1; ; attempt++) {
        try {
          return await run(waitForLocked);
        } catch (e) {
          const retry = attempt < 4 && (failedWith(e) === 'enroll.quotaFull' ? !waitForLocked : driverError(e).code === DEADLOCK);
          if (!retry) throw e;
          waitForLocked = true;
        }
      }
    } catch (e) {
      const key = failedWith(e);
      if (key === 'enroll.quotaFull' || key === 'enroll.schoolQuotaFull') throw AppError.conflict(key);
      if (isUniqueViolation(e, ONE_PER_EVENT)) {
        const userId = Number(/\(item_id, user_id\)=\(\d+, (\d+)\)/.exec(driverDetail(e))?.[1]);
        const taken = members.find((x) => x.userId === userId);
        if (!taken || taken.captain) throw AppError.conflict('enroll.alreadySigned');
        throw AppError.conflict('enroll.memberInOtherTeam', { name: taken.realName || taken.username });
      }
      throw e;
    }
  }

  async withdraw(req: RpcRequest<{ id: number }>): Promise<null> {
    const me = callerOf(req);
    const s = await loadSignup(this.ds.manager, req.payload.id);
    if (!s) throw AppError.notFound('enroll.signupNotFound', { id: req.payload.id });
    if (s.captainUserId !== me.userId) throw AppError.noAccess('enroll.notCaptain');
    assertEnrolling(await this.settings.get(s.competitionId, req.meta));
    await this.ds.transaction(async (m) => {
      const locked = (await loadSignup(m, s.id, true))!;
      assertOpen(locked, req.meta.lang);
      // An approved team is what the organiser approved (its members are fixed too): only they can undo it.
      if (locked.type === SignupType.team && locked.status === SignupStatus.approved) throw AppError.badRequest('enroll.approvedTeamFixed');
      await closeSignup(m, locked, SignupStatus.withdrawn, null);
    });
    return null;
  }

  /**
   * What a sign-up owes (the payment service makes its order from it): for its captain, or, `asOrganiser`, for finance
   * of its organisation recording an offline payment (another organisation's sign-up is not found).
   */
  async payable(req: RpcRequest<{ signupId: number; asOrganiser?: boolean }>): Promise<SignupPayable> {
    const me = callerOf(req);
    const s = await loadSignup(this.ds.manager, req.payload.signupId);
    if (!s || (req.payload.asOrganiser && !inScope(await this.scopes.of(req), s.groupId))) throw AppError.notFound('enroll.signupNotFound', { id: req.payload.signupId });
    if (!req.payload.asOrganiser && s.captainUserId !== me.userId) throw AppError.noAccess('payment.notPayer');
    const captain = (await loadMembers(this.ds.manager, s.id)).find((x) => x.userId === s.captainUserId);
    return {
      signupId: s.id, groupId: s.groupId, competitionId: s.competitionId, competitionName: s.competitionName, itemId: s.itemId, itemName: s.itemName,
      payStatus: s.payStatus, status: s.status, feeFen: s.feeFen, payerName: String(captain?.profile.realName ?? '') || captain?.username || '',
      competitionNameEn: s.competitionNameEn ?? '', itemNameEn: s.itemNameEn ?? '', payerAccount: captain?.username ?? '', payerSchool: s.schoolName ?? '',
    };
  }

  /** Internal: the school a sign-up entered for (a receipt prints it; the payment service has authorised the caller). */
  async school(signupId: number): Promise<{ schoolName: string | null }> {
    const [row]: { schoolName: string | null }[] = await this.ds.query(`SELECT school_name AS "schoolName" FROM signups WHERE id = $1`, [signupId]);
    return { schoolName: row?.schoolName || null };
  }

  /** Sign-up facts in id order after `afterId` (the statistics' rebuild), as the outbox carries them. */
  facts(q: FactPageQuery): Promise<FactPage<SignupFact>> {
    return factPage<SignupFact>(this.ds, 'signup_facts', q);
  }

  /** Every sign-up the caller is in (as captain or member), newest first; of one competition when it is named. */
  async mine(req: RpcRequest<{ competitionId?: number }>): Promise<Signup[]> {
    const me = callerOf(req);
    return this.ds.query(
      `SELECT ${SIGNUP_COLUMNS} FROM signups s
       WHERE (s.id IN (SELECT signup_id FROM signup_members WHERE user_id = $1 AND active)
              OR (s.captain_user_id = $1 AND s.status IN (${SignupStatus.rejected}, ${SignupStatus.withdrawn})))
         AND ($2::int IS NULL OR s.competition_id = $2)
       ORDER BY s.id DESC LIMIT 200`,
      [me.userId, req.payload?.competitionId ?? null],
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
    const me = callerOf(req).userId;
    const shown = members.map((x) => ({
      ...x,
      profile: withMaskedIdNumber(x.profile as MemberProfile, x.userId === me),
      missing: missingFields(x.profile as MemberProfile, required),
    }));
    const { inviteCode, ...rest } = s;
    const teamMin = s.type === SignupType.team ? settings.enroll.teamMin : 1;
    return {
      ...rest,
      members: shown,
      teamMin,
      teamMax: s.type === SignupType.team ? settings.enroll.teamMax : 1,
      complete: isComplete(shown.map((x) => x.missing), teamMin),
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
    captain.profile = mergeProfiles(await savedProfile(this.ds.manager, me.userId), captain.profile);
    requireFields(captain.profile, s.enroll.requiredFields, req.meta.lang);
    return this.create(s, { competitionId: s.id, itemId: req.payload.itemId, type: from.type, teamName: from.teamName ?? undefined, teachers: from.teachers }, members);
  }

  async teachersSave(req: RpcRequest<{ id: number; teachers: Teacher[] }>): Promise<SignupDetail> {
    const s = await this.captainOf(req);
    const settings = await this.settings.get(s.competitionId, req.meta);
    const teachers = cleanTeachers(req.payload.teachers);
    if (teachers.length > settings.enroll.teacherMax) throw AppError.badRequest('enroll.tooManyTeachers', { max: settings.enroll.teacherMax });
    await this.ds.transaction(async (m) => {
      assertOpen((await loadSignup(m, s.id, true))!, req.meta.lang);
      await m.query(`UPDATE signups SET teachers = $2, updated_at = now() WHERE id = $1`, [s.id, JSON.stringify(teachers)]);
    });
    return this.get(req);
  }

  /** A member fills in or corrects their details for one sign-up (and keeps them for the next). */
  async memberProfileSave(req: RpcRequest<{ id: number; profile: MemberProfile }>): Promise<CompleteStatus> {
    const me = callerOf(req);
    const profile = normaliseProfile(req.payload.profile);
    await this.ds.transaction(async (m) => {
      const s = await loadSignup(m, req.payload.id, true);
      if (!s) throw AppError.notFound('enroll.signupNotFound', { id: req.payload.id });
      assertOpen(s, req.meta.lang, [SignupStatus.pending]);
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
    await saveProfile(this.ds.manager, me.userId, profile);
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

  /** The sign-up, when the caller is its captain. */
  async captainOf(req: RpcRequest<{ id: number }>): Promise<SignupRow> {
    const me = callerOf(req);
    const s = await loadSignup(this.ds.manager, req.payload.id);
    if (!s) throw AppError.notFound('enroll.signupNotFound', { id: req.payload.id });
    if (s.captainUserId !== me.userId) throw AppError.noAccess('enroll.notCaptain');
    return s;
  }

  /** Organisers with enroll:list of the competition's organisation (or above it). */
  async assertOrganiser(req: RpcRequest, groupId: number): Promise<void> {
    if (!hasAnyPermission(callerOf(req), [Perm.enrollList])) throw AppError.noAccess('enroll.notMember');
    if (!inScope(await this.scopes.of(req), groupId)) throw AppError.noAccess('enroll.notMember');
  }

}

/**
 * A sign-up as one statement, run in autocommit (one round trip, one commit): the sign-up row, its members
 * (saved details merged under what was given; the one-per-event unique index refuses a second membership),
 * a place of the event taken with SKIP LOCKED (or, when waitForLocked, waiting for places held by sign-ups
 * in flight), the school's count, and the applicant's saved details. A missing place aborts the whole
 * statement through enrollment_fail(key).
 */
export function signUpStatement(waitForLocked: boolean): string {
  return `
    WITH slot AS (
      SELECT slot_no FROM event_slots WHERE $20::boolean AND item_id = $2::int AND signup_id IS NULL ORDER BY slot_no LIMIT 1 FOR UPDATE ${waitForLocked ? '' : 'SKIP LOCKED'}
    ), s AS (
      INSERT INTO signups AS s (competition_id, item_id, group_id, competition_name, item_name, type, team_name, captain_user_id,
              school_id, school_name, pay_status, fee_fen, member_count, teachers, invite_code, competition_name_en, item_name_en)
      VALUES ($1::int, $2::int, $3::int, $4, $5, $6::int, $7, $8::int, $9::int, $10, $11::int, $12::int, $13::int, $14::jsonb, $15, $23, $24) RETURNING ${SIGNUP_COLUMNS}
    ), m AS (
      INSERT INTO signup_members (signup_id, item_id, user_id, username, captain, profile)
      SELECT s.id, $2::int, u.user_id, u.username, u.captain, COALESCE(p.profile, '{}'::jsonb) || u.profile
      FROM s CROSS JOIN unnest($16::int[], $17::text[], $18::bool[], $19::jsonb[]) AS u(user_id, username, captain, profile)
      LEFT JOIN profiles p ON p.user_id = u.user_id
      RETURNING user_id
    ), claim AS (
      UPDATE event_slots e SET signup_id = s.id FROM s, slot WHERE e.item_id = $2::int AND e.slot_no = slot.slot_no RETURNING e.slot_no
    ), school AS (
      INSERT INTO school_counts (item_id, school_id, used) SELECT $2::int, $9::int, 1 WHERE $21::int > 0
      ON CONFLICT (item_id, school_id) DO UPDATE SET used = school_counts.used + 1 WHERE school_counts.used < $21::int
      RETURNING used
    ), saved AS (
      INSERT INTO profiles (user_id, profile) VALUES ($8::int, $22::jsonb)
      ON CONFLICT (user_id) DO UPDATE SET profile = profiles.profile || EXCLUDED.profile, updated_at = now()
      WHERE profiles.profile IS DISTINCT FROM profiles.profile || EXCLUDED.profile
      RETURNING 1
    )
    SELECT s.*,
      CASE WHEN $20::boolean AND NOT EXISTS (SELECT 1 FROM claim) THEN enrollment_fail('enroll.quotaFull') END AS "quotaCheck",
      CASE WHEN $21::int IS NOT NULL AND NOT EXISTS (SELECT 1 FROM school) THEN enrollment_fail('enroll.schoolQuotaFull') END AS "schoolCheck",
      (SELECT count(*) FROM m)::int AS "membersAdded", (SELECT count(*) FROM saved)::int AS "profileSaved"
    FROM s`;
}

const driverError = (e: unknown) => ((e as { driverError?: { message?: string; detail?: string; code?: string } }).driverError ?? e) as { message?: string; detail?: string; code?: string };
/** The message key an enrollment_fail() call aborted a statement with. */
const failedWith = (e: unknown): string | undefined => (driverError(e).code === 'P0001' ? driverError(e).message : undefined);
const driverDetail = (e: unknown): string => driverError(e).detail ?? '';

/**
 * Rejects or withdraws a sign-up, which frees its places and its members for other sign-ups. A paid one's fee goes
 * back in full (enrollment.signup.closed, through the outbox, to the payment service) unless the organiser rejecting
 * it says why the fee is kept; an unpaid one's event closes any offline payment still waiting for approval.
 */
export async function closeSignup(m: EntityManager, s: Signup, status: SignupStatus, reason: string | null, keepFeeReason?: string): Promise<void> {
  await m.query(`UPDATE signups SET status = $2, reject_reason = $3, updated_at = now() WHERE id = $1`, [s.id, status, reason]);
  await m.query(`UPDATE signup_members SET active = false WHERE signup_id = $1 AND active`, [s.id]);
  await releaseSlot(m, s.id);
  await releaseSchool(m, s.itemId, s.schoolId);
  const members = async () => ((await m.query(`SELECT DISTINCT user_id AS "userId" FROM signup_members WHERE signup_id = $1`, [s.id])) as { userId: number }[]).map((x) => x.userId);
  if (status === SignupStatus.rejected) await notify(m, await members(), 'message.signupRejected', (lang) => ({ name: displayName(s, lang), reason: reason ?? '' }));
  const paid = s.payStatus === PayStatus.paid;
  if (!paid && s.payStatus !== PayStatus.unpaid) return;
  const keep = status === SignupStatus.rejected ? keepFeeReason?.trim() : undefined;
  await writeEvent(m, EventSubject.signupClosed, {
    signupId: s.id,
    status: status === SignupStatus.rejected ? 'rejected' : 'withdrawn',
    refund: paid && !keep,
    reason: keep || reason || '',
  } satisfies SignupClosedEvent);
  if (paid && keep) await notify(m, await members(), 'message.feeKept', (lang) => ({ name: displayName(s, lang), reason: keep }));
}

function cleanTeachers(list: Teacher[] | undefined): Teacher[] {
  return (list ?? [])
    .map((t) => ({ name: String(t.name ?? '').trim(), ...(t.phone ? { phone: String(t.phone).trim() } : {}), ...(t.email ? { email: String(t.email).trim() } : {}) }))
    .filter((t) => t.name);
}

/**
 * A member's details as others see them (teammates, organisers): the identity number masked. The person sees
 * their own; an organiser who needs one in full asks for it (enrollment.signup.id-number), which is logged.
 */
function withMaskedIdNumber(p: MemberProfile, own: boolean): MemberProfile {
  return own || !p.idNumber ? p : { ...p, idNumber: maskIdNumber(p.idNumber) };
}
