import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, returnedRows, likePattern, pageOf } from '@cmp/common';
import type {
  AssignmentRunView,
  DeclineReply,
  DistributionView,
  ExpertCandidate,
  ExpertLoadView,
  Lang,
  Page,
  ReviewGroup,
  Round,
  RoundWorkView,
  RpcRequest,
} from '@cmp/contracts';
import { translate, type MessageKey } from '@cmp/contracts';
import { declineAndReplace, solveAssignment, type AssignmentResult } from '../assignment';
import { RoundService } from '../round/round.service';
import { loadRound } from '../round/round.sql';
import { explain, type Names } from './explain';
import { EXPERT_IDENTITY, loadInstance, placeWorks, solverInput, WORK_IDENTITY, type ExpertRow, type RoundInstance, type WorkRow } from './instance';
import { conflictOf } from './conflicts';

/** A run left 'running' this long by a replica that died is taken as failed, so the round is not stuck. */
const STALE_RUN_MINUTES = 10;
/** How often a running solve looks for a cancel request (any replica may have taken it) and writes progress. */
const POLL_MS = 300;

interface StoredResult {
  uncovered: { workId: number; reason: string }[];
  messages: { code: string; params: Record<string, unknown> }[];
  moved: number;
  totalAffinity: number;
}

export interface PairRef {
  roundId: number;
  workId: number;
  expertId: number;
}

/**
 * Assignment of a round's works to the experts of their groups: the automatic pass (the solver of
 * ../assignment, run in the background with progress and cancel), manual add/remove/swap/lock checked against
 * the same rules, and decline with the best replacement. One run per round at a time (a partial unique index).
 */
/** Why a work is left uncovered, as the organiser reads it (the solver's codes never reach the screen). */
const UNCOVERED_REASONS: Record<string, MessageKey> = {
  'no-group': 'review.explain.noGroup',
  'too-few-experts': 'review.explain.uncovered.tooFewExperts',
  capacity: 'review.explain.uncovered.capacity',
};

@Injectable()
export class DistributionService {
  private readonly logger = new Logger('Distribution');

  constructor(
    private readonly ds: DataSource,
    private readonly rounds: RoundService,
  ) {}

  // ---- reading ----

  async view(req: RpcRequest<{ roundId: number }>): Promise<DistributionView> {
    const round = await this.rounds.scoped(req, req.payload.roundId);
    const groups: ReviewGroup[] = await this.ds.query(
      `SELECT g.id, g.round_id AS "roundId", g.name, g.captain_expert_id AS "captainExpertId", g.event_ids AS "eventIds",
         ARRAY(SELECT x.expert_id FROM group_experts x WHERE x.group_id = g.id ORDER BY x.expert_id) AS "expertIds"
       FROM review_groups g WHERE g.round_id = $1 ORDER BY g.id`,
      [round.id],
    );
    const loads: ExpertLoadView[] = await this.ds.query(
      `SELECT e.id AS "expertId", e.name, x.group_id AS "reviewGroupId", g.captain_expert_id = e.id AS captain,
         (SELECT count(*)::int FROM assignments a WHERE a.round_id = x.round_id AND a.expert_id = e.id AND NOT a.declined) AS load
       FROM group_experts x JOIN experts e ON e.id = x.expert_id JOIN review_groups g ON g.id = x.group_id
       WHERE x.round_id = $1 ORDER BY x.group_id, e.id`,
      [round.id],
    );
    return { round, groups, loads, works: [], lastRun: await this.lastRun(round, req.meta?.lang ?? 'zh-CN') };
  }

  /** The round's works with their experts, paged; `uncovered` keeps those with fewer than k experts. */
  async works(req: RpcRequest<{ roundId: number; pageNum?: number; pageSize?: number; keyword?: string; reviewGroupId?: number; uncovered?: boolean }>): Promise<Page<RoundWorkView>> {
    const q = req.payload;
    const round = await this.rounds.scoped(req, q.roundId);
    const { pageNum, pageSize, offset } = pageOf(q);
    const live = `(SELECT count(*) FROM assignments a WHERE a.round_id = w.round_id AND a.work_id = w.work_id AND NOT a.declined)`;
    const where = `w.round_id = $1 AND ($2::text IS NULL OR w.title ILIKE $2) AND ($3::int IS NULL OR w.review_group_id = $3) AND (NOT $4 OR ${live} < $5)`;
    const params = [round.id, likePattern(q.keyword), q.reviewGroupId ?? null, q.uncovered === true, round.expertsPerWork];
    const [list, [{ total }]] = await Promise.all([
      this.ds.query(
        `SELECT w.work_id AS "workId", w.event_id AS "eventId", w.title, w.review_group_id AS "reviewGroupId",
           COALESCE((SELECT json_agg(json_build_object('assignmentId', a.id, 'expertId', a.expert_id, 'name', e.name, 'locked', a.locked,
             'source', a.source, 'declined', a.declined) ORDER BY a.id) FROM assignments a JOIN experts e ON e.id = a.expert_id
             WHERE a.round_id = w.round_id AND a.work_id = w.work_id), '[]') AS experts
         FROM round_works w WHERE ${where} ORDER BY w.work_id LIMIT $6 OFFSET $7`,
        [...params, pageSize, offset],
      ),
      this.ds.query(`SELECT count(*)::int AS total FROM round_works w WHERE ${where}`, params),
    ]);
    return { list, total, pageNum, pageSize };
  }

  private async names(m: EntityManager, roundId: number): Promise<Names> {
    const [works, experts, groups] = await Promise.all([
      m.query(`SELECT work_id AS id, title AS name FROM round_works WHERE round_id = $1`, [roundId]),
      m.query(`SELECT e.id, e.name FROM experts e JOIN group_experts x ON x.expert_id = e.id WHERE x.round_id = $1`, [roundId]),
      m.query(`SELECT id, name FROM review_groups WHERE round_id = $1`, [roundId]),
    ]);
    const map = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [Number(r.id), r.name]));
    const [w, e, g] = [map(works), map(experts), map(groups)];
    return { work: (id) => w.get(Number(id)) ?? `#${id}`, expert: (id) => e.get(Number(id)) ?? `#${id}`, group: (id) => g.get(Number(id)) ?? `#${id}` };
  }

  private async lastRun(round: Round, lang: Lang, id?: number): Promise<AssignmentRunView | null> {
    const [run] = await this.ds.query(
      `SELECT id, round_id AS "roundId", status, progress, started_at AS "startedAt", finished_at AS "finishedAt", result
       FROM assignment_runs WHERE round_id = $1 AND ($2::int IS NULL OR id = $2) ORDER BY id DESC LIMIT 1`,
      [round.id, id ?? null],
    );
    if (!run) return null;
    const result: StoredResult = run.result ?? { uncovered: [], messages: [], moved: 0, totalAffinity: 0 };
    const names = await this.names(this.ds.manager, round.id);
    const groupOf: Map<number, number | null> = new Map(
      (await this.ds.query(`SELECT work_id AS "workId", review_group_id AS g FROM round_works WHERE round_id = $1`, [round.id])).map(
        (r: { workId: number; g: number | null }) => [r.workId, r.g],
      ),
    );
    const { result: _omit, ...rest } = run;
    return {
      ...rest,
      uncovered: result.uncovered.map((u) => ({
        workId: Number(u.workId),
        title: names.work(u.workId),
        reviewGroupId: groupOf.get(Number(u.workId)) ?? null,
        reason: translate(UNCOVERED_REASONS[u.reason] ?? 'review.explain.uncovered.other', lang),
      })),
      messages: result.messages.map((msg) => explain(msg, lang, names)),
      moved: result.moved,
      totalAffinity: result.totalAffinity,
    };
  }

  async progress(req: RpcRequest<{ roundId: number }>): Promise<AssignmentRunView | null> {
    const round = await this.rounds.scoped(req, req.payload.roundId);
    return this.lastRun(round, req.meta?.lang ?? 'zh-CN');
  }

  // ---- the automatic pass ----

  /** Starts a run and answers at once; the solve continues here and writes its progress and result to the run row. */
  async run(req: RpcRequest<{ roundId: number }>): Promise<AssignmentRunView> {
    const round = await this.rounds.scoped(req, req.payload.roundId);
    if (round.status === 'closed') throw AppError.conflict('review.roundClosed');
    if (!round.workCount) throw AppError.badRequest('review.noWorks');
    if (!round.expertCount) throw AppError.badRequest('review.noGroups');
    await this.ds.query(
      `UPDATE assignment_runs SET status = 'failed', finished_at = now() WHERE round_id = $1 AND status = 'running' AND started_at < now() - interval '${STALE_RUN_MINUTES} minutes'`,
      [round.id],
    );
    const [row] = await this.ds
      .query(`INSERT INTO assignment_runs (round_id, started_by) VALUES ($1, $2) RETURNING id`, [round.id, callerOf(req).userId])
      .catch((e: { code?: string }) => {
        if (e.code === '23505') throw AppError.conflict('review.runInProgress');
        throw e;
      });
    void this.solve(round.id, row.id).catch(async (e: unknown) => {
      this.logger.error(`assignment run ${row.id} failed: ${e instanceof Error ? e.stack : e}`);
      await this.ds.query(`UPDATE assignment_runs SET status = 'failed', finished_at = now() WHERE id = $1 AND status = 'running'`, [row.id]).catch(() => undefined);
    });
    return (await this.lastRun(round, req.meta?.lang ?? 'zh-CN', row.id))!;
  }

  /** Asks the run to stop: the flag is in the database, so the replica that runs it sees it whichever took this call. */
  async cancel(req: RpcRequest<{ roundId: number }>): Promise<AssignmentRunView | null> {
    const round = await this.rounds.scoped(req, req.payload.roundId);
    const done = await returnedRows(this.ds, `UPDATE assignment_runs SET cancel_requested = true WHERE round_id = $1 AND status = 'running' RETURNING id`, [round.id]);
    if (!done.length) throw AppError.conflict('review.runNotFound');
    return this.lastRun(round, req.meta?.lang ?? 'zh-CN');
  }

  private async solve(roundId: number, runId: number): Promise<void> {
    const round = (await loadRound(this.ds.manager, roundId))!;
    const inst = await loadInstance(this.ds.manager, round);
    const placed = placeWorks(inst);
    const input = solverInput(inst, placed);
    const abort = new AbortController();
    let percent = 0;
    const poll = setInterval(() => {
      void returnedRows<{ c: boolean }>(this.ds, `UPDATE assignment_runs SET progress = GREATEST(progress, $2) WHERE id = $1 RETURNING cancel_requested AS c`, [runId, percent])
        .then(([r]) => {
          if (r?.c) abort.abort();
        })
        .catch(() => undefined);
    }, POLL_MS);
    let result: AssignmentResult;
    try {
      result = await solveAssignment(input, {
        signal: abort.signal,
        onProgress: (p) => {
          percent = p.total ? Math.min(99, Math.floor((p.done / p.total) * 100)) : 0;
        },
      });
    } finally {
      clearInterval(poll);
    }
    const noGroup = inst.works.filter((w) => !placed.has(w.workId)).map((w) => ({ workId: w.workId, reason: 'no-group' }));
    const stored: StoredResult = {
      uncovered: [...noGroup, ...result.uncovered.map((u) => ({ workId: Number(u.workId), reason: u.reason }))],
      messages: result.messages,
      moved: result.moved,
      totalAffinity: result.totalAffinity,
    };
    const status = result.status === 'ok' && !noGroup.length ? 'done' : result.status === 'cancelled' ? 'cancelled' : result.status === 'ok' ? 'infeasible' : result.status === 'invalid' ? 'failed' : 'infeasible';
    await this.ds.transaction(async (m) => {
      await loadRound(m, roundId, true);
      const [run] = await m.query(`SELECT cancel_requested AS c FROM assignment_runs WHERE id = $1 FOR UPDATE`, [runId]);
      const final = run.c && status === 'done' ? 'cancelled' : status;
      if (final === 'done') await this.apply(m, inst, placed, result);
      await m.query(`UPDATE assignment_runs SET status = $2, progress = 100, result = $3, finished_at = now() WHERE id = $1`, [runId, final, JSON.stringify(stored)]);
    });
  }

  /** Writes a complete result: new pairs in, pairs the solver dropped out; kept pairs (locked, started) untouched. */
  private async apply(m: EntityManager, inst: RoundInstance, placed: Map<number, number>, result: AssignmentResult): Promise<void> {
    const roundId = inst.round.id;
    await m.query(
      `UPDATE round_works w SET review_group_id = p.g FROM unnest($2::int[], $3::int[]) p(work, g) WHERE w.round_id = $1 AND w.work_id = p.work`,
      [roundId, [...placed.keys()], [...placed.values()]],
    );
    const works = result.pairs.map((p) => Number(p.workId));
    const experts = result.pairs.map((p) => Number(p.expertId));
    await m.query(
      `DELETE FROM assignments a WHERE a.round_id = $1 AND NOT a.locked AND NOT a.declined
         AND NOT EXISTS (SELECT 1 FROM score_sheets s WHERE s.assignment_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM unnest($2::int[], $3::int[]) p(work, expert) WHERE p.work = a.work_id AND p.expert = a.expert_id)`,
      [roundId, works, experts],
    );
    await m.query(
      `INSERT INTO assignments (round_id, work_id, expert_id, source) SELECT $1, p.work, p.expert, 'auto' FROM unnest($2::int[], $3::int[]) p(work, expert)
       ON CONFLICT (round_id, work_id, expert_id) DO NOTHING`,
      [roundId, works, experts],
    );
  }

  // ---- manual changes, checked against the same rules ----

  private async noRun(m: EntityManager, roundId: number): Promise<void> {
    const [r] = await m.query(
      `SELECT 1 FROM assignment_runs WHERE round_id = $1 AND status = 'running' AND started_at >= now() - interval '${STALE_RUN_MINUTES} minutes'`,
      [roundId],
    );
    if (r) throw AppError.conflict('review.runInProgress');
  }

  /** The round locked for a change: in the caller's scope, not closed, no run under way. */
  private async lockRound(m: EntityManager, req: RpcRequest, roundId: number): Promise<Round> {
    const round = await this.rounds.scoped(req, roundId, m, true);
    if (round.status === 'closed') throw AppError.conflict('review.roundClosed');
    await this.noRun(m, round.id);
    return round;
  }

  /** Why this expert of the round may not take this work (paused, another group, a conflict of interest), or null. */
  private refusal(round: Round, work: WorkRow, expert: ExpertRow & { groupId: number }, lang: Lang): { key: MessageKey; params: Record<string, string> } | null {
    const names = { name: expert.name, title: work.title };
    // As the assignment's rules: 专家管理's pause stops new works, by hand too.
    if (expert.paused) return { key: 'review.expertPaused', params: names };
    if (work.reviewGroupId !== null && work.reviewGroupId !== expert.groupId) return { key: 'review.otherGroup', params: names };
    const why = conflictOf(expert, work, round.excludeOwnOrganisation);
    return why ? { key: 'review.conflict', params: { ...names, why: translate(`review.why.${why}`, lang) } } : null;
  }

  /** Why this expert may not take this work in this round (group, conflict, k), or nothing. */
  private async checkPair(m: EntityManager, round: Round, workId: number, expertId: number, lang: Lang, ignoreAssignmentId?: number): Promise<{ work: WorkRow; expert: ExpertRow; groupId: number }> {
    const [work]: WorkRow[] = await m.query(`SELECT ${WORK_IDENTITY} FROM round_works w WHERE w.round_id = $1 AND w.work_id = $2 FOR UPDATE`, [round.id, workId]);
    if (!work) throw AppError.notFound('review.workNotInRound', { id: workId });
    const [expert]: (ExpertRow & { groupId: number })[] = await m.query(
      `SELECT ${EXPERT_IDENTITY}, x.group_id AS "groupId" FROM experts e JOIN group_experts x ON x.expert_id = e.id WHERE x.round_id = $1 AND e.id = $2`,
      [round.id, expertId],
    );
    if (!expert) throw AppError.notFound('review.expertNotFound', { id: expertId });
    const refused = this.refusal(round, work, expert, lang);
    if (refused) throw AppError.badRequest(refused.key, refused.params);
    const [{ n }] = await m.query(
      `SELECT count(*)::int AS n FROM assignments WHERE round_id = $1 AND work_id = $2 AND NOT declined AND ($3::int IS NULL OR id <> $3)`,
      [round.id, workId, ignoreAssignmentId ?? null],
    );
    if (n >= round.expertsPerWork) throw AppError.badRequest('review.tooMany', { title: work.title, k: round.expertsPerWork });
    return { work, expert, groupId: expert.groupId };
  }

  /**
   * What the picker of add and swap offers for a work: the experts of its review group (every group when it has
   * none), least loaded first, each eligible or with the reason add and swap would refuse it (a conflict of
   * interest, the pair declined or removed before, already on the work).
   */
  async candidates(req: RpcRequest<{ roundId: number; workId: number }>): Promise<ExpertCandidate[]> {
    const lang = req.meta?.lang ?? 'zh-CN';
    const round = await this.rounds.scoped(req, req.payload.roundId);
    const [work]: WorkRow[] = await this.ds.query(`SELECT ${WORK_IDENTITY} FROM round_works w WHERE w.round_id = $1 AND w.work_id = $2`, [round.id, req.payload.workId]);
    if (!work) throw AppError.notFound('review.workNotInRound', { id: req.payload.workId });
    const experts: (ExpertRow & { groupId: number; load: number; declined: boolean | null; declineReason: string | null })[] = await this.ds.query(
      `SELECT ${EXPERT_IDENTITY}, x.group_id AS "groupId", p.declined, p.decline_reason AS "declineReason",
         (SELECT count(*)::int FROM assignments a WHERE a.round_id = x.round_id AND a.expert_id = e.id AND NOT a.declined) AS load
       FROM group_experts x JOIN experts e ON e.id = x.expert_id
       LEFT JOIN assignments p ON p.round_id = x.round_id AND p.work_id = $2 AND p.expert_id = e.id
       WHERE x.round_id = $1 AND ($3::int IS NULL OR x.group_id = $3) ORDER BY load, e.id`,
      [round.id, work.workId, work.reviewGroupId],
    );
    return experts.map((e) => {
      // An existing pair, live or not, is refused by the insert's unique key (review.alreadyAssigned).
      const pair =
        e.declined === null ? null
        : !e.declined ? translate('review.candidate.current', lang)
        : e.declineReason === 'removed' ? translate('review.candidate.removed', lang)
        : translate('review.candidate.declined', lang, { reason: e.declineReason ?? '' });
      const refused = this.refusal(round, work, e, lang);
      const reason = pair ?? (refused && translate(refused.key, lang, refused.params));
      return { expertId: e.id, name: e.name, reviewGroupId: e.groupId, load: e.load, eligible: !reason, reason: reason || null };
    });
  }

  private async insertManual(m: EntityManager, req: RpcRequest, roundId: number, workId: number, expertId: number, groupId: number): Promise<number> {
    await m.query(`UPDATE round_works SET review_group_id = $3 WHERE round_id = $1 AND work_id = $2 AND review_group_id IS NULL`, [roundId, workId, groupId]);
    const rows = await m.query(
      `INSERT INTO assignments (round_id, work_id, expert_id, source, locked, created_by) VALUES ($1, $2, $3, 'manual', true, $4)
       ON CONFLICT (round_id, work_id, expert_id) DO NOTHING RETURNING id`,
      [roundId, workId, expertId, req.identity?.userId ?? null],
    );
    if (!rows.length) throw AppError.conflict('review.alreadyAssigned');
    return rows[0].id;
  }

  /** Manual pairs are locked: the automatic pass keeps them. */
  async add(req: RpcRequest<PairRef>): Promise<{ id: number }> {
    const p = req.payload;
    const id = await this.ds.transaction(async (m) => {
      const round = await this.lockRound(m, req, p.roundId);
      const { groupId } = await this.checkPair(m, round, p.workId, p.expertId, req.meta?.lang ?? 'zh-CN');
      return this.insertManual(m, req, round.id, p.workId, p.expertId, groupId);
    });
    return { id };
  }

  /**
   * Arbitration (仲裁) for a disputed work: one more expert beyond the round's k, drawn by the assignment's rules:
   * of the work's review group (any group when it has none), not yet on the work, without a conflict, the least
   * loaded first. A locked manual pair, so a later automatic pass keeps it.
   */
  async arbitrate(req: RpcRequest<{ roundId: number; workId: number }>): Promise<{ id: number; expertId: number; name: string }> {
    const p = req.payload;
    return this.ds.transaction(async (m) => {
      const round = await this.lockRound(m, req, p.roundId);
      const [work]: WorkRow[] = await m.query(`SELECT ${WORK_IDENTITY} FROM round_works w WHERE w.round_id = $1 AND w.work_id = $2`, [round.id, p.workId]);
      if (!work) throw AppError.notFound('review.workNotInRound', { id: p.workId });
      const candidates: (ExpertRow & { groupId: number })[] = await m.query(
        `SELECT ${EXPERT_IDENTITY}, x.group_id AS "groupId" FROM experts e JOIN group_experts x ON x.expert_id = e.id
         WHERE x.round_id = $1 AND ($2::int IS NULL OR x.group_id = $2)
           AND NOT EXISTS (SELECT 1 FROM assignments a WHERE a.round_id = $1 AND a.work_id = $3 AND a.expert_id = e.id)
         ORDER BY (SELECT count(*) FROM assignments a WHERE a.round_id = $1 AND a.expert_id = e.id AND NOT a.declined), e.id`,
        [round.id, work.reviewGroupId, work.workId],
      );
      const expert = candidates.find((e) => !conflictOf(e, work, round.excludeOwnOrganisation));
      if (!expert) throw AppError.conflict('review.noArbiter', { title: work.title });
      const id = await this.insertManual(m, req, round.id, work.workId, expert.id, expert.groupId);
      return { id, expertId: expert.id, name: expert.name };
    });
  }

  private async assignmentOf(m: EntityManager, req: RpcRequest, id: number) {
    const [a] = await m.query(
      `SELECT a.id, a.round_id AS "roundId", a.work_id AS "workId", a.expert_id AS "expertId", a.locked, a.declined,
         EXISTS (SELECT 1 FROM score_sheets s WHERE s.assignment_id = a.id) AS started
       FROM assignments a WHERE a.id = $1`,
      [id],
    );
    if (!a) throw AppError.notFound('review.assignmentNotFound');
    const round = await this.lockRound(m, req, a.roundId).catch((e: AppError) => {
      throw e.key === 'review.roundNotFound' ? AppError.notFound('review.assignmentNotFound') : e;
    });
    // Re-read under the round's lock: a racing change may have removed it.
    const [still] = await m.query(`SELECT locked, declined FROM assignments WHERE id = $1`, [id]);
    if (!still) throw AppError.notFound('review.assignmentNotFound');
    return { a: { ...a, ...still } as { id: number; roundId: number; workId: number; expertId: number; locked: boolean; declined: boolean; started: boolean }, round };
  }

  /** Removes a pair; it stays as a forbidden (removed) pair so the automatic pass does not bring it back. */
  async remove(req: RpcRequest<{ id: number }>): Promise<null> {
    await this.ds.transaction(async (m) => {
      const { a } = await this.assignmentOf(m, req, req.payload.id);
      if (a.declined) throw AppError.notFound('review.assignmentNotFound');
      if (a.locked && a.started) throw AppError.conflict('review.scored');
      if (a.started) throw AppError.conflict('review.scored');
      await m.query(`UPDATE assignments SET declined = true, locked = false, decline_reason = 'removed', source = 'manual' WHERE id = $1`, [a.id]);
    });
    return null;
  }

  /** Gives an assignment's work to another expert of the same group, under the same rules. */
  async swap(req: RpcRequest<{ id: number; expertId: number }>): Promise<{ id: number }> {
    const id = await this.ds.transaction(async (m) => {
      const { a, round } = await this.assignmentOf(m, req, req.payload.id);
      if (a.declined) throw AppError.notFound('review.assignmentNotFound');
      if (a.started) throw AppError.conflict('review.scored');
      const { groupId } = await this.checkPair(m, round, a.workId, req.payload.expertId, req.meta?.lang ?? 'zh-CN', a.id);
      await m.query(`UPDATE assignments SET declined = true, locked = false, decline_reason = 'removed', source = 'manual' WHERE id = $1`, [a.id]);
      return this.insertManual(m, req, round.id, a.workId, req.payload.expertId, groupId);
    });
    return { id };
  }

  async lock(req: RpcRequest<{ id: number; locked: boolean }>): Promise<null> {
    await this.ds.transaction(async (m) => {
      const { a } = await this.assignmentOf(m, req, req.payload.id);
      if (a.declined) throw AppError.notFound('review.assignmentNotFound');
      await m.query(`UPDATE assignments SET locked = $2 WHERE id = $1`, [a.id, req.payload.locked]);
    });
    return null;
  }

  /**
   * An expert declines a work (or the organiser does it for them): the pair becomes forbidden and the best
   * remaining expert of the group takes the work; nobody else's work moves.
   */
  async decline(req: RpcRequest<{ id: number; reason: string }>): Promise<DeclineReply> {
    const caller = callerOf(req);
    const lang = req.meta?.lang ?? 'zh-CN';
    return this.ds.transaction(async (m) => {
      const [own] = await m.query(
        `SELECT a.round_id AS "roundId" FROM assignments a JOIN experts e ON e.id = a.expert_id WHERE a.id = $1 AND e.user_id = $2 AND NOT a.declined`,
        [req.payload.id, caller.userId],
      );
      let round: Round;
      let a: { id: number; workId: number; expertId: number; started: boolean };
      if (own) {
        round = (await loadRound(m, own.roundId, true))!;
        if (round.status === 'closed') throw AppError.conflict('review.roundClosed');
        await this.noRun(m, round.id);
        [a] = await m.query(
          `SELECT a.id, a.work_id AS "workId", a.expert_id AS "expertId", EXISTS (SELECT 1 FROM score_sheets s WHERE s.assignment_id = a.id AND s.status = 'submitted') AS started
           FROM assignments a WHERE a.id = $1 AND NOT a.declined`,
          [req.payload.id],
        );
        if (!a) throw AppError.notFound('review.assignmentNotFound');
      } else {
        ({ a, round } = await this.assignmentOf(m, req, req.payload.id));
      }
      if (a.started) throw AppError.conflict('review.scored');
      const inst = await loadInstance(m, round);
      const placed = placeWorks(inst);
      const input = solverInput(inst, placed);
      const current = inst.assignments.filter((x) => !x.declined).map((x) => ({ workId: x.workId, expertId: x.expertId }));
      await m.query(`UPDATE assignments SET declined = true, locked = false, decline_reason = $2 WHERE id = $1`, [a.id, req.payload.reason.trim()]);
      const { result, replacement } = await declineAndReplace({ ...input, previous: [] }, current, { workId: a.workId, expertId: a.expertId });
      if (!replacement) {
        const names = await this.names(m, round.id);
        const why = result.messages.map((x) => explain(x, lang, names).text).join('; ') || translate('review.explain.noGroup', lang);
        return { replacement: null, why };
      }
      const expertId = Number(replacement.expertId);
      const [row] = await m.query(
        `INSERT INTO assignments (round_id, work_id, expert_id, source) VALUES ($1, $2, $3, 'auto') ON CONFLICT (round_id, work_id, expert_id) DO NOTHING RETURNING id`,
        [round.id, a.workId, expertId],
      );
      return { replacement: row ? { assignmentId: row.id, expertId, name: inst.experts.get(expertId)?.name ?? '' } : null, why: null };
    });
  }
}
