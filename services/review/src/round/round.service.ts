import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, factPage, inScope, returnedRows, likePattern, pageOf, preparedQuery, RPC, Scopes, type NatsRpcClient } from '@cmp/common';
import {
  CompetitionsSubject,
  EnrollmentSubject,
  type AssignmentFact,
  type RoundWorkFact,
  type RoundScoreFact,
  type CompetitionDetail,
  type FactPage,
  type FactPageQuery,
  type Page,
  type ReviewCandidateWork,
  type CompetitionReviewProgress,
  type Round,
  type RoundInput,
  type RoundPageQuery,
  type RoundWorkSource,
  type RoundWorksSyncInput,
  type RpcRequest,
} from '@cmp/contracts';
import { checkRound, importedRound, sameColumns } from './round.rules';
import { loadRound, NEEDS_ATTENTION, ROUND_COLUMNS } from './round.sql';

/**
 * Review rounds: the review service owns them. A competition's old review settings are handed over once,
 * asked of the competitions service (never read from its schema) the first time its rounds are listed.
 */
@Injectable()
export class RoundService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  /** The round if the caller may manage it; another organisation's round is simply not found. */
  async scoped(req: RpcRequest, id: number, m: EntityManager = this.ds.manager, lock = false): Promise<Round> {
    const scope = await this.scopes.of(req);
    const r = await loadRound(m, id, lock);
    if (!r || !inScope(scope, r.groupId)) throw AppError.notFound('review.roundNotFound', { id });
    return r;
  }

  /** The competition as its service shows it to the caller (which scopes it: another organisation's is not found). */
  private competition(req: RpcRequest, id: number): Promise<CompetitionDetail> {
    return this.rpc.request<CompetitionDetail>(CompetitionsSubject.competitionDetail, { ...req, payload: { id } });
  }

  async page(req: RpcRequest<RoundPageQuery>): Promise<Page<Round>> {
    const scope = await this.scopes.of(req);
    const q = req.payload;
    if (q.competitionId) await this.importOnce(req, q.competitionId);
    const { pageNum, pageSize, offset } = pageOf(q);
    const where = `r.deleted_at IS NULL AND ($1::int[] IS NULL OR r.group_id = ANY($1)) AND ($2::int IS NULL OR r.competition_id = $2)
      AND ($3::text IS NULL OR r.name ILIKE $3) AND ($4::text IS NULL OR r.status = $4)${q.attention ? ` AND ${NEEDS_ATTENTION[q.attention]}` : ''}`;
    const params = [scope, q.competitionId ?? null, likePattern(q.keyword), q.status ?? null];
    const [list, [{ total }]] = await Promise.all([
      this.ds.query(`SELECT ${ROUND_COLUMNS} FROM rounds r WHERE ${where} ORDER BY r.competition_id DESC, r.sort, r.id LIMIT $5 OFFSET $6`, [
        ...params,
        pageSize,
        offset,
      ]),
      this.ds.query(`SELECT count(*)::int AS total FROM rounds r WHERE ${where}`, params),
    ]);
    return { list, total, pageNum, pageSize };
  }

  /** Assignment, round-work or round-score facts in id order after `afterId` (the statistics' rebuild), as the outbox carries them. */
  facts(view: 'assignment_facts' | 'round_work_facts' | 'round_score_facts', q: FactPageQuery): Promise<FactPage<AssignmentFact | RoundWorkFact | RoundScoreFact>> {
    return factPage(this.ds, view, q);
  }

  /** The listed competitions' open rounds together, in the caller's organisations: sheets submitted of all assigned, and the next closing time. */
  async competitionProgress(req: RpcRequest<{ ids: number[] }>): Promise<CompetitionReviewProgress[]> {
    const scope = await this.scopes.of(req);
    return preparedQuery<CompetitionReviewProgress>(this.ds, {
      name: 'review.competitionProgress',
      text: `SELECT r.competition_id AS "competitionId", count(a.id) FILTER (WHERE ss.status = 'submitted')::int AS "sheetsSubmitted", count(a.id)::int AS "sheetsTotal",
         min(r.closes_at) FILTER (WHERE r.closes_at > now()) AS "closesAt"
       FROM rounds r LEFT JOIN assignments a ON a.round_id = r.id AND NOT a.declined LEFT JOIN score_sheets ss ON ss.assignment_id = a.id
       WHERE r.deleted_at IS NULL AND r.status = 'open' AND r.competition_id = ANY($1::int[]) AND ($2::int[] IS NULL OR r.group_id = ANY($2))
       GROUP BY r.competition_id`,
      values: [req.payload.ids.slice(0, 100), scope],
    });
  }

  /** Every round of one competition in order (the competition's review settings screen). */
  async list(req: RpcRequest<{ competitionId: number }>): Promise<Round[]> {
    await this.importOnce(req, req.payload.competitionId);
    const scope = await this.scopes.of(req);
    return this.ds.query(
      `SELECT ${ROUND_COLUMNS} FROM rounds r WHERE r.deleted_at IS NULL AND r.competition_id = $1 AND ($2::int[] IS NULL OR r.group_id = ANY($2)) ORDER BY r.sort, r.id`,
      [req.payload.competitionId, scope],
    );
  }

  /**
   * Takes over the competition's review settings the first time: the claim row's primary key makes this
   * happen once, however many callers race; the competition is checked (and scoped) by its own service.
   */
  private async importOnce(req: RpcRequest, competitionId: number): Promise<void> {
    const [done] = await this.ds.query(`SELECT group_id AS "groupId" FROM round_imports WHERE competition_id = $1`, [competitionId]);
    if (done) {
      // Imported already: the claim row knows the competition's organisation, so the scope check needs no call.
      if (!inScope(await this.scopes.of(req), done.groupId)) throw AppError.notFound('review.competitionNotFound', { id: competitionId });
      return;
    }
    const c = await this.competition(req, competitionId);
    await this.ds.transaction(async (m) => {
      const claimed = await m.query(`INSERT INTO round_imports (competition_id, group_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING competition_id`, [
        c.id,
        c.groupId,
      ]);
      if (!claimed.length) return;
      for (const [i, r] of c.review.rounds.entries()) await this.insert(m, req, c.groupId, importedRound(c.id, r), i);
    });
  }

  async detail(req: RpcRequest<{ id: number }>): Promise<Round> {
    return this.scoped(req, req.payload.id);
  }

  private async insert(m: EntityManager, req: RpcRequest, groupId: number, p: RoundInput, sort: number): Promise<number> {
    const [{ id }] = await m.query(
      `INSERT INTO rounds (group_id, competition_id, stage_id, name, type, blind, opens_at, closes_at, experts_per_work, score_columns,
         comment_required, bidding_allowed, exclude_own_organisation, sort, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [groupId, p.competitionId, p.stageId, p.name, p.type, p.blind, p.opensAt, p.closesAt, p.expertsPerWork, JSON.stringify(p.scoreColumns),
        p.commentRequired, p.biddingAllowed, p.excludeOwnOrganisation, sort, req.identity?.userId ?? null],
    );
    await this.setEvents(m, id, p.eventIds);
    return id;
  }

  private async setEvents(m: EntityManager, roundId: number, eventIds: number[]): Promise<void> {
    await m.query(`DELETE FROM round_events WHERE round_id = $1`, [roundId]);
    await m.query(`INSERT INTO round_events (round_id, event_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [roundId, eventIds]);
  }

  /** Stage and events must be the competition's own. */
  private checkAgainst(c: CompetitionDetail, p: RoundInput): void {
    if (p.stageId && !c.stages.some((s) => s.id === p.stageId)) throw AppError.badRequest('review.stageNotInCompetition', { id: p.stageId });
    for (const e of p.eventIds) if (!c.items.some((i) => i.id === e)) throw AppError.badRequest('review.eventNotInCompetition', { id: e });
  }

  /** Adds a round (no id) or changes one; once a round is open, what experts already work with stays. */
  async save(req: RpcRequest<RoundInput & { id?: number }>): Promise<Round> {
    const p = checkRound(req.payload);
    const c = await this.competition(req, p.competitionId);
    this.checkAgainst(c, p);
    await this.importOnce(req, c.id);
    const id = await this.ds.transaction(async (m) => {
      if (!req.payload.id) {
        const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM rounds WHERE competition_id = $1 AND deleted_at IS NULL`, [c.id]);
        return this.insert(m, req, c.groupId, p, n);
      }
      const before = await this.scoped(req, req.payload.id, m, true);
      if (before.competitionId !== p.competitionId) throw AppError.notFound('review.roundNotFound', { id: before.id });
      if (before.status === 'closed') throw AppError.conflict('review.roundClosed');
      if (before.status === 'open') {
        if (!sameColumns(before.scoreColumns, p.scoreColumns)) throw AppError.conflict('review.roundNotDraft', { field: 'scoreColumns' });
        if (before.blind !== p.blind) throw AppError.conflict('review.roundNotDraft', { field: 'blind' });
      }
      if (before.assignmentCount > 0 && before.expertsPerWork !== p.expertsPerWork) throw AppError.conflict('review.roundHasAssignments');
      await m.query(
        `UPDATE rounds SET stage_id = $2, name = $3, type = $4, blind = $5, opens_at = $6, closes_at = $7, experts_per_work = $8, score_columns = $9,
           comment_required = $10, bidding_allowed = $11, exclude_own_organisation = $12, updated_at = now() WHERE id = $1`,
        [before.id, p.stageId, p.name, p.type, p.blind, p.opensAt, p.closesAt, p.expertsPerWork, JSON.stringify(p.scoreColumns), p.commentRequired,
          p.biddingAllowed, p.excludeOwnOrganisation],
      );
      await this.setEvents(m, before.id, p.eventIds);
      return before.id;
    });
    return (await loadRound(this.ds.manager, id))!;
  }

  async remove(req: RpcRequest<{ id: number }>): Promise<null> {
    await this.ds.transaction(async (m) => {
      const r = await this.scoped(req, req.payload.id, m, true);
      if (r.status !== 'draft') throw AppError.conflict('review.roundNotDraft', { field: 'status' });
      await m.query(`UPDATE rounds SET deleted_at = now() WHERE id = $1`, [r.id]);
    });
    return null;
  }

  /** Opens (draft → open) or closes (open → closed) a round; a conditional update, so racing clicks apply once. */
  async setStatus(req: RpcRequest<{ id: number }>, to: 'open' | 'closed'): Promise<Round> {
    const r = await this.scoped(req, req.payload.id);
    const from = to === 'open' ? 'draft' : 'open';
    const done = await returnedRows(this.ds, `UPDATE rounds SET status = $2, updated_at = now() WHERE id = $1 AND status = $3 RETURNING id`, [r.id, to, from]);
    if (!done.length && r.status !== to) throw AppError.conflict(r.status === 'closed' ? 'review.roundClosed' : 'review.roundNotDraft', { field: 'status' });
    return (await loadRound(this.ds.manager, r.id))!;
  }

  /**
   * The round this one follows, among the competition's earlier rounds sharing an event with it (a round of all
   * events shares every event): the latest round of an earlier stage when the round has a stage and there is one;
   * otherwise, whatever the stages (a round's stage is optional), the latest round before it by order number and
   * creation that is not of a later stage. Its promotion counts as confirmed once recorded or once it marked works.
   */
  private async previousRound(req: RpcRequest, r: Round): Promise<{ id: number; name: string; promotionConfirmed: boolean; promotedCount: number } | null> {
    const rows: { id: number; name: string; stageId: number | null; sort: number; eventIds: number[]; confirmed: boolean; promotedCount: number }[] = await this.ds.query(
      `SELECT r.id, r.name, r.stage_id AS "stageId", r.sort, ARRAY(SELECT e.event_id FROM round_events e WHERE e.round_id = r.id) AS "eventIds",
              EXISTS (SELECT 1 FROM promotions p WHERE p.round_id = r.id) AS confirmed,
              (SELECT count(*)::int FROM round_works w WHERE w.round_id = r.id AND w.promoted) AS "promotedCount"
       FROM rounds r WHERE r.competition_id = $1 AND r.deleted_at IS NULL ORDER BY r.sort, r.id`,
      [r.competitionId],
    );
    const self = rows.find((x) => x.id === r.id)!;
    const stages = rows.some((x) => x.stageId) ? (await this.competition(req, r.competitionId)).stages.map((s) => s.id) : [];
    const stageOf = (x: { stageId: number | null }) => (x.stageId ? stages.indexOf(x.stageId) : -1);
    const shares = (events: number[]) => !events.length || !r.eventIds.length || events.some((e) => r.eventIds.includes(e));
    const others = rows.filter((x) => x.id !== r.id && shares(x.eventIds));
    const earlierStage = stageOf(self) >= 0 ? others.filter((x) => stageOf(x) >= 0 && stageOf(x) < stageOf(self)).sort((a, b) => stageOf(a) - stageOf(b)) : [];
    const before = earlierStage.length
      ? earlierStage
      : others.filter((x) => rows.indexOf(x) < rows.indexOf(self) && (stageOf(x) < 0 || stageOf(self) < 0 || stageOf(x) <= stageOf(self)));
    const previous = before.at(-1);
    return previous ? { id: previous.id, name: previous.name, promotionConfirmed: previous.confirmed || previous.promotedCount > 0, promotedCount: previous.promotedCount } : null;
  }

  /** Where the round's works come from (the load dialog says so before loading). */
  async workSource(req: RpcRequest<{ id: number }>): Promise<RoundWorkSource> {
    const previous = await this.previousRound(req, await this.scoped(req, req.payload.id));
    return {
      previousRound: previous && { id: previous.id, name: previous.name },
      promotionConfirmed: previous?.promotionConfirmed ?? false,
      promotedCount: previous?.promotedCount ?? 0,
    };
  }

  /**
   * Loads the round's works: the submitted works of its events, or, in a round that follows one whose promotion is
   * confirmed, the works it promoted; each with every identity of its people (from the enrollment service). When the
   * round before has not confirmed its promotion, loading is refused unless the organiser asks for every submitted
   * work (`allSubmitted`, which also loads them all after a confirmed promotion: a tie-break or parallel round). Works already there keep their review group and assignments; works withdrawn since
   * lose their unlocked assignments... unless scored, which stay for the organiser to decide.
   */
  async syncWorks(req: RpcRequest<RoundWorksSyncInput>): Promise<Round> {
    const r = await this.scoped(req, req.payload.id);
    if (r.status === 'closed') throw AppError.conflict('review.roundClosed');
    const previous = await this.previousRound(req, r);
    if (previous && !previous.promotionConfirmed && !req.payload.allSubmitted) throw AppError.conflict('review.previousNotPromoted', { name: previous.name });
    let works = await this.rpc.request<ReviewCandidateWork[]>(EnrollmentSubject.workReviewCandidates, {
      ...req,
      payload: { competitionId: r.competitionId, itemIds: r.eventIds },
    });
    if (previous?.promotionConfirmed && !req.payload.allSubmitted) {
      const promoted = new Set<number>(
        (await this.ds.query(`SELECT work_id AS id FROM round_works WHERE round_id = $1 AND promoted`, [previous.id])).map((x: { id: number }) => x.id),
      );
      works = works.filter((w) => promoted.has(w.workId));
    }
    await this.ds.transaction(async (m) => {
      await loadRound(m, r.id, true);
      for (const w of works) {
        await m.query(
          `INSERT INTO round_works (round_id, work_id, event_id, title, member_user_ids, member_phones, member_emails, school_ids, school_names, org_group_id,
             member_names, adviser_names, event_name, files, signup_id, event_name_en)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
           ON CONFLICT (round_id, work_id) DO UPDATE SET event_id = $3, title = $4, member_user_ids = $5, member_phones = $6, member_emails = $7,
             school_ids = $8, school_names = $9, org_group_id = $10, member_names = $11, adviser_names = $12, event_name = $13, files = $14, signup_id = $15, event_name_en = $16`,
          [r.id, w.workId, w.itemId, w.title, w.memberUserIds, w.phones, w.emails, w.schoolIds, w.schoolNames, w.groupId, w.memberNames, w.adviserNames,
            w.itemName, JSON.stringify(w.files), w.signupId, w.itemNameEn ?? ''],
        );
      }
      await m.query(
        `DELETE FROM round_works w WHERE w.round_id = $1 AND NOT (w.work_id = ANY($2::int[]))
           AND NOT EXISTS (SELECT 1 FROM assignments a JOIN score_sheets s ON s.assignment_id = a.id WHERE a.round_id = w.round_id AND a.work_id = w.work_id)`,
        [r.id, works.map((w) => w.workId)],
      );
    });
    return (await loadRound(this.ds.manager, r.id))!;
  }
}
