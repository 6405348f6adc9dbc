import type { EntityManager } from 'typeorm';
import { AppError } from '@cmp/common';
import { localName, SignupStatus, translate, type Lang, type MemberProfile, type Signup } from '@cmp/contracts';

/** A sign-up row as the contract's Signup (alias `s`). */
export const SIGNUP_COLUMNS = `s.id::int AS id, s.competition_id AS "competitionId", s.competition_name AS "competitionName",
  s.competition_name_en AS "competitionNameEn", s.item_id AS "itemId", s.item_name AS "itemName", s.item_name_en AS "itemNameEn", s.group_id AS "groupId", s.type, s.team_name AS "teamName",
  s.captain_user_id AS "captainUserId", s.school_id AS "schoolId", s.school_name AS "schoolName", s.status,
  s.pay_status AS "payStatus", s.fee_fen AS "feeFen", s.member_count AS "memberCount", s.teachers,
  s.reject_reason AS "rejectReason", s.created_at AS "createdAt", s.updated_at AS "updatedAt"`;

export interface SignupRow extends Signup {
  inviteCode: string;
}

export async function loadSignup(m: EntityManager, id: number, lock = false): Promise<SignupRow | undefined> {
  const [row] = await m.query(`SELECT ${SIGNUP_COLUMNS}, s.invite_code AS "inviteCode" FROM signups s WHERE s.id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
  return row;
}

export interface MemberRow {
  userId: number;
  username: string;
  captain: boolean;
  profile: Record<string, unknown>;
  joinedAt: string;
}

/**
 * Members of a sign-up: the active ones, or with `closed` (a rejected or withdrawn sign-up, whose members were set
 * inactive when it closed) every member it had, as the export lists them.
 */
export const loadMembers = (m: EntityManager, signupId: number, closed = false): Promise<MemberRow[]> =>
  m.query(
    `SELECT user_id AS "userId", username, captain, profile, joined_at AS "joinedAt" FROM signup_members
     WHERE signup_id = $1 AND (active OR $2::boolean) ORDER BY captain DESC, id`,
    [signupId, closed],
  );

/** A rejected or withdrawn sign-up. */
export const isClosed = (status: number): boolean => status === SignupStatus.rejected || status === SignupStatus.withdrawn;

export type MessageParams = Record<string, string | number>;

/**
 * Stores a personal-centre message in both languages, so it reads in whichever the person uses. `params` may be a
 * function of the language, so that each title names competitions, events and levels in its own language.
 */
export async function notify(m: EntityManager, userIds: number[], key: string, params: MessageParams | ((lang: Lang) => MessageParams)): Promise<void> {
  if (!userIds.length) return;
  const title = (lang: Lang) => translate(key, lang, typeof params === 'function' ? params(lang) : params).slice(0, 300);
  await m.query(`INSERT INTO messages (user_id, title_zh, title_en) SELECT u, $2, $3 FROM unnest($1::int[]) u`, [userIds, title('zh-CN'), title('en')]);
}

/** "competition / event / team" in `lang` (the English names where they were entered). */
export const displayName = (s: Pick<Signup, 'teamName' | 'competitionName' | 'competitionNameEn' | 'itemName' | 'itemNameEn'>, lang: Lang) =>
  `${localName(s.competitionName, s.competitionNameEn, lang)} / ${localName(s.itemName, s.itemNameEn, lang)}${s.teamName ? ` / ${s.teamName}` : ''}`;

/** Rows an UPDATE or DELETE ... RETURNING gave back (common's returnedRows, under the name this service uses). */
export { returnedRows as changed } from '@cmp/common';

/** The unique index that allows one active membership per person and event. */
export const ONE_PER_EVENT = 'signup_members_one_per_event';

/** Refuses a change to a sign-up that is no longer in one of the allowed states (pending or approved by default). */
export function assertOpen(s: Signup, lang: Lang, allowed: number[] = [SignupStatus.pending, SignupStatus.approved]): void {
  if (!allowed.includes(s.status)) throw AppError.badRequest('enroll.closed', { status: translate(`enroll.status.${s.status}`, lang) });
}

/** A person's saved details, which pre-fill their next sign-up. */
export async function savedProfile(m: EntityManager, userId: number): Promise<MemberProfile> {
  const [row] = await m.query(`SELECT profile FROM profiles WHERE user_id = $1`, [userId]);
  return (row?.profile as MemberProfile) ?? {};
}

/** Merges details into a person's saved ones (a write only when something changes). */
export async function saveProfile(m: EntityManager, userId: number, profile: MemberProfile): Promise<void> {
  await m.query(
    `INSERT INTO profiles (user_id, profile) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET profile = profiles.profile || EXCLUDED.profile, updated_at = now()
     WHERE profiles.profile IS DISTINCT FROM profiles.profile || EXCLUDED.profile`,
    [userId, JSON.stringify(profile)],
  );
}
