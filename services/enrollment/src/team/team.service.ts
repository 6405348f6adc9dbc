import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, isUniqueViolation } from '@cmp/common';
import { maskPersonName, SignupStatus, SignupType, type MemberProfile, type RpcRequest, type SignupDetail, type TeamInvitation } from '@cmp/contracts';
import { CompetitionSettings } from '../settings/competition-settings';
import { mergeProfiles, normaliseProfile } from '../signup/profile';
import { assertEnrolling, SignupService } from '../signup/signup.service';
import { assertOpen, changed, loadMembers, loadSignup, notify, ONE_PER_EVENT, savedProfile, saveProfile, type SignupRow } from '../signup/signup.sql';

/**
 * A team sign-up's members: invitation, joining (the team size is a conditional update), leaving, removing
 * a member, handing over the captaincy and dissolving. The sign-up itself is SignupService's.
 */
@Injectable()
export class TeamService {
  constructor(
    private readonly ds: DataSource,
    private readonly settings: CompetitionSettings,
    private readonly signups: SignupService,
  ) {}

  /** Adds the caller as an active member (joining); the unique index refuses a second sign-up for the event. */
  private async insertMember(m: EntityManager, signupId: number, itemId: number, x: { userId: number; username: string; profile: MemberProfile }): Promise<void> {
    const rows: unknown[] = await m.query(
      `INSERT INTO signup_members (signup_id, item_id, user_id, username, captain, profile)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (item_id, user_id) WHERE active DO NOTHING RETURNING id`,
      [signupId, itemId, x.userId, x.username, false, JSON.stringify(x.profile)],
    );
    if (!rows.length) throw AppError.conflict('enroll.alreadySigned');
  }

  /** Dissolving a team is withdrawing its sign-up (captain only). */
  dissolve(req: RpcRequest<{ id: number }>): Promise<null> {
    return this.signups.withdraw(req);
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
    if (already?.signupId === s.id) return this.signups.get({ ...req, payload: { id: s.id } });
    if (already) throw AppError.conflict('enroll.alreadySigned');
    const profile = mergeProfiles(await savedProfile(this.ds.manager, me.userId), normaliseProfile(req.payload.profile));
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
          assertOpen(now, req.meta.lang, [SignupStatus.pending]);
          throw AppError.conflict('enroll.teamFull', { max: settings.enroll.teamMax });
        }
        await this.insertMember(m, s.id, s.itemId, { userId: me.userId, username: me.username, profile });
        await notify(m, [s.captainUserId], 'message.memberJoined', { member: profile.realName ?? me.username, team: s.teamName ?? '' });
      });
    } catch (e) {
      if (isUniqueViolation(e, ONE_PER_EVENT)) throw AppError.conflict('enroll.alreadySigned');
      throw e;
    }
    await saveProfile(this.ds.manager, me.userId, profile);
    return this.signups.get({ ...req, payload: { id: s.id } });
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
    const s = await this.signups.captainOf(req);
    if (req.payload.userId === s.captainUserId) throw AppError.badRequest('enroll.captainLeaves');
    await this.dropMember(req, s, req.payload.userId);
    return this.signups.get(req);
  }

  private async dropMember(req: RpcRequest, s: SignupRow, userId: number): Promise<void> {
    if (s.type !== SignupType.team) throw AppError.badRequest('enroll.notTeam');
    await this.ds.transaction(async (m) => {
      assertOpen((await loadSignup(m, s.id, true))!, req.meta.lang, [SignupStatus.pending]);
      const gone = await changed(m, `UPDATE signup_members SET active = false WHERE signup_id = $1 AND user_id = $2 AND active AND NOT captain RETURNING id`, [
        s.id,
        userId,
      ]);
      if (!gone.length) throw AppError.noAccess('enroll.notMember');
      await m.query(`UPDATE signups SET member_count = member_count - 1, updated_at = now() WHERE id = $1`, [s.id]);
    });
  }

  async transfer(req: RpcRequest<{ id: number; userId: number }>): Promise<SignupDetail> {
    const s = await this.signups.captainOf(req);
    if (s.type !== SignupType.team) throw AppError.badRequest('enroll.notTeam');
    await this.ds.transaction(async (m) => {
      assertOpen((await loadSignup(m, s.id, true))!, req.meta.lang);
      const [target] = await m.query(`SELECT 1 FROM signup_members WHERE signup_id = $1 AND user_id = $2 AND active`, [s.id, req.payload.userId]);
      if (!target) throw AppError.badRequest('enroll.notMember');
      await m.query(`UPDATE signup_members SET captain = (user_id = $2) WHERE signup_id = $1 AND active`, [s.id, req.payload.userId]);
      await m.query(`UPDATE signups SET captain_user_id = $2, updated_at = now() WHERE id = $1`, [s.id, req.payload.userId]);
    });
    return this.signups.get(req);
  }

  /** A team by sign-up id (its members and organisers, in full) or by invitation code (the invitation view). */
  async members(req: RpcRequest<{ id?: number; inviteCode?: string }>): Promise<SignupDetail | TeamInvitation> {
    if (req.payload.id) return this.signups.get(req as RpcRequest<{ id: number }>);
    return this.invitation(req);
  }

  /**
   * What someone holding the invitation needs to decide on joining, and nothing more: the code is shared by
   * link and QR code, so it must not open anyone's phone, account name or details (issue 12). Public: a
   * logged-out invitee's login page says which team invited them.
   */
  async invitation(req: RpcRequest<{ inviteCode?: string }>): Promise<TeamInvitation> {
    const [found] = await this.ds.query(`SELECT id::int AS id FROM signups WHERE invite_code = $1`, [req.payload.inviteCode ?? '']);
    if (!found) throw AppError.notFound('enroll.inviteNotFound');
    const s = (await loadSignup(this.ds.manager, found.id))!;
    if (s.type !== SignupType.team) throw AppError.badRequest('enroll.notTeam');
    const members = await loadMembers(this.ds.manager, s.id);
    const settings = await this.settings.get(s.competitionId, req.meta);
    const item = settings.items.find((i) => i.id === s.itemId);
    const nameOf = (m: (typeof members)[number]) => maskPersonName(String(m.profile.realName ?? '') || '*');
    const captain = members.find((m) => m.captain);
    const teamMax = settings.enroll.teamMax;
    return {
      competitionId: s.competitionId,
      competitionName: s.competitionName,
      competitionNameEn: settings.nameEn,
      itemId: s.itemId,
      itemName: s.itemName,
      itemNameEn: item?.nameEn ?? '',
      teamName: s.teamName,
      status: s.status,
      memberCount: s.memberCount,
      teamMin: settings.enroll.teamMin,
      teamMax,
      placesLeft: Math.max(0, teamMax - s.memberCount),
      feeFen: s.feeFen,
      payStatus: s.payStatus,
      captainName: captain ? nameOf(captain) : '',
      memberNames: members.map(nameOf),
      ...(req.identity && members.some((m) => m.userId === req.identity!.userId) ? { memberSignupId: s.id } : {}),
    };
  }
}
