import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, inScope, isUniqueViolation, likePattern, OutboxRelay, pageOf, RPC, Scopes, type NatsRpcClient } from '@cmp/common';
import {
  EnrollmentSubject,
  Perm,
  type ColumnSetting,
  type ExpertDashboard,
  type GroupScores,
  type Lang,
  type MyReviewItem,
  type MyReviewQuery,
  type Page,
  type ReviewFileAccess,
  type Round,
  type RpcRequest,
  type ScoreSheet,
  type SheetAction,
  type SheetDetail,
  type SheetHistoryEntry,
  type SheetSaveInput,
} from '@cmp/contracts';
import { eventNameIn, loadRound } from '../round/round.sql';
import { sheetSubmitted } from '../scene/room-changes';
import { expertFileName, fileView, nextStatus, scoreProblems, weightedTotal, withoutIdentity } from './sheet-rules';

type Role = 'expert' | 'captain' | 'organiser';

interface AssignmentRow {
  id: number;
  roundId: number;
  workId: number;
  expertId: number;
  expertUserId: number | null;
  captainUserId: number | null;
  reviewGroupId: number | null;
}

interface WorkFileRow {
  id: number;
  originalName: string;
  contentType: string;
  storedName: string;
}

const SHEET_COLUMNS = `s.id, s.assignment_id AS "assignmentId", s.scores, s.total::float8 AS total, s.comment, s.status, s.return_reason AS "returnReason",
  s.version, s.submitted_at AS "submittedAt", s.updated_at AS "updatedAt"`;

/** 我的评审 rows: the caller's live assignments in rounds past their set-up. */
const MINE_FROM = `assignments a JOIN experts e ON e.id = a.expert_id JOIN rounds r ON r.id = a.round_id
  JOIN round_works w ON w.round_id = a.round_id AND w.work_id = a.work_id LEFT JOIN score_sheets s ON s.assignment_id = a.id
  WHERE e.user_id = $1 AND e.deleted_at IS NULL AND NOT a.declined AND r.deleted_at IS NULL AND r.status <> 'draft'`;

const mineColumns = (lang: Lang | undefined) => `a.id AS "assignmentId", r.id AS "roundId", r.name AS "roundName", w.work_id AS "workId", w.title AS "workTitle",
  ${eventNameIn(lang)} AS "eventName", COALESCE(s.status, 'notStarted') AS status, s.total::float8 AS total, r.closes_at AS "closesAt", r.blind,
  w.member_names AS members, w.adviser_names AS advisers, w.school_names AS schools`;

/** An expert-visible row: people and schools only where the round is not blind. */
const visible = ({ blind, ...item }: MyReviewItem & { blind: boolean }): MyReviewItem => withoutIdentity(item, blind);

/**
 * Scoring (我的评审): an expert's assigned works and score sheets, captains' returns and confirmations, and the
 * organiser's progress, reminders and raw score table. A sheet changes by a conditional update on its version in
 * a transaction that also writes its history, so a repeated submit is applied once.
 */
@Injectable()
export class ScoringService {
  constructor(
    private readonly ds: DataSource,
    private readonly scopes: Scopes,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    private readonly relay: OutboxRelay,
  ) {}

  // ---- who may see what ----

  private async isOrganiserOf(req: RpcRequest, round: Round): Promise<boolean> {
    const perms = req.identity?.permissions ?? [];
    if (!perms.includes(Perm.reviewList) && !perms.includes(Perm.reviewEdit)) return false;
    return inScope(await this.scopes.of(req), round.groupId);
  }

  /** The assignment with the caller's role on it: its expert, the captain of its group, or an organiser; else not found. */
  private async access(req: RpcRequest, assignmentId: number, m: EntityManager = this.ds.manager): Promise<{ a: AssignmentRow; round: Round; role: Role }> {
    const [a]: AssignmentRow[] = await m.query(
      `SELECT a.id, a.round_id AS "roundId", a.work_id AS "workId", a.expert_id AS "expertId", e.user_id AS "expertUserId",
         c.user_id AS "captainUserId", x.group_id AS "reviewGroupId"
       FROM assignments a JOIN experts e ON e.id = a.expert_id
       LEFT JOIN group_experts x ON x.round_id = a.round_id AND x.expert_id = a.expert_id
       LEFT JOIN review_groups g ON g.id = x.group_id LEFT JOIN experts c ON c.id = g.captain_expert_id
       WHERE a.id = $1 AND NOT a.declined`,
      [assignmentId],
    );
    const round = a && (await loadRound(m, a.roundId));
    const me = callerOf(req).userId;
    if (a && round) {
      if (a.expertUserId === me) return { a, round, role: 'expert' };
      if (a.captainUserId === me && round.status !== 'draft') return { a, round, role: 'captain' };
      if (await this.isOrganiserOf(req, round)) return { a, round, role: 'organiser' };
    }
    throw AppError.notFound('review.notAssigned');
  }

  private async sheetOf(m: EntityManager, assignmentId: number, lock = false): Promise<ScoreSheet | null> {
    const [s] = await m.query(`SELECT ${SHEET_COLUMNS} FROM score_sheets s WHERE s.assignment_id = $1 ${lock ? 'FOR UPDATE' : ''}`, [assignmentId]);
    return s ?? null;
  }

  private setting(round: Round): ColumnSetting {
    return { roundId: round.id, roundName: round.name, blind: round.blind, commentRequired: round.commentRequired, closesAt: round.closesAt, columns: round.scoreColumns };
  }

  /** The round's score sheet, for its experts (and organisers). */
  async columnSetting(req: RpcRequest<{ roundId: number }>): Promise<ColumnSetting> {
    const round = await loadRound(this.ds.manager, req.payload.roundId);
    const [mine] = round
      ? await this.ds.query(`SELECT 1 FROM group_experts x JOIN experts e ON e.id = x.expert_id WHERE x.round_id = $1 AND e.user_id = $2`, [round.id, callerOf(req).userId])
      : [];
    if (!round || (!mine && !(await this.isOrganiserOf(req, round)))) throw AppError.notFound('review.roundNotFound', { id: req.payload.roundId });
    return this.setting(round);
  }

  // ---- the expert's workspace ----

  async minePage(req: RpcRequest<MyReviewQuery>): Promise<Page<MyReviewItem>> {
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const where = `${MINE_FROM} AND ($2::int IS NULL OR r.id = $2) AND ($3::text IS NULL OR COALESCE(s.status, 'notStarted') = $3) AND ($4::text IS NULL OR w.title ILIKE $4)`;
    const params = [callerOf(req).userId, q.roundId ?? null, q.status ?? null, likePattern(q.keyword)];
    const [rows, [{ total }]] = await Promise.all([
      this.ds.query(`SELECT ${mineColumns(req.meta?.lang)} FROM ${where} ORDER BY r.closes_at NULLS LAST, r.id, a.id LIMIT $5 OFFSET $6`, [...params, pageSize, offset]),
      this.ds.query(`SELECT count(*)::int AS total FROM ${where}`, params),
    ]);
    return { list: rows.map(visible), total, pageNum, pageSize };
  }

  async dashboard(req: RpcRequest): Promise<ExpertDashboard> {
    const rounds = await this.ds.query(
      `SELECT r.id AS "roundId", r.name, r.closes_at AS "closesAt", count(*)::int AS assigned,
         count(*) FILTER (WHERE s.status = 'submitted')::int AS submitted, count(*) FILTER (WHERE s.status = 'returned')::int AS returned
       FROM ${MINE_FROM} AND r.status = 'open' GROUP BY r.id ORDER BY r.closes_at NULLS LAST, r.id`,
      [callerOf(req).userId],
    );
    // As confirmGroup counts them: every assignment (not declined) of the group's experts in the round.
    const captainGroups = await this.ds.query(
      `SELECT r.id AS "roundId", r.name AS "roundName", g.name AS "groupName", r.closes_at AS "closesAt",
         count(a.id) FILTER (WHERE s.status = 'submitted')::int AS submitted, count(a.id)::int AS total
       FROM review_groups g JOIN experts c ON c.id = g.captain_expert_id JOIN rounds r ON r.id = g.round_id
       LEFT JOIN group_experts x ON x.group_id = g.id
       LEFT JOIN assignments a ON a.round_id = g.round_id AND a.expert_id = x.expert_id AND NOT a.declined
       LEFT JOIN score_sheets s ON s.assignment_id = a.id
       WHERE c.user_id = $1 AND c.deleted_at IS NULL AND r.deleted_at IS NULL AND r.status = 'open' AND g.confirmed_at IS NULL
       GROUP BY r.id, g.id ORDER BY r.closes_at NULLS LAST, r.id, g.id`,
      [callerOf(req).userId],
    );
    return { rounds, captainGroups };
  }

  private files(round: Round, workId: number, rows: WorkFileRow[], assignmentId: number) {
    return rows.map((f, i) => {
      const name = expertFileName(f.originalName, round.blind, workId, i);
      return { id: f.id, name, view: fileView(name), url: `/review/sheet/file?assignmentId=${assignmentId}&fileId=${f.id}` };
    });
  }

  async detail(req: RpcRequest<{ assignmentId: number }>): Promise<SheetDetail> {
    const { a, round, role } = await this.access(req, req.payload.assignmentId);
    const [row] = await this.ds.query(
      `SELECT ${mineColumns(req.meta?.lang)}, w.files FROM assignments a JOIN rounds r ON r.id = a.round_id
       JOIN round_works w ON w.round_id = a.round_id AND w.work_id = a.work_id LEFT JOIN score_sheets s ON s.assignment_id = a.id WHERE a.id = $1`,
      [a.id],
    );
    const { files, ...item } = row;
    const sheet = await this.sheetOf(this.ds.manager, a.id);
    const editable = role === 'expert' && this.open(round) && sheet?.status !== 'submitted';
    return { item: visible(item), setting: this.setting(round), sheet, files: this.files(round, a.workId, files, a.id), editable };
  }

  /** Where the gateway finds a work's file for this caller; named as the expert may see it. */
  async file(req: RpcRequest<{ assignmentId: number; fileId: number }>): Promise<ReviewFileAccess> {
    const { a, round } = await this.access(req, req.payload.assignmentId);
    const [{ files }] = await this.ds.query(`SELECT files FROM round_works WHERE round_id = $1 AND work_id = $2`, [a.roundId, a.workId]);
    const rows = files as WorkFileRow[];
    const i = rows.findIndex((f) => f.id === req.payload.fileId);
    if (i < 0) throw AppError.notFound('review.fileNotFound');
    return { storedName: rows[i].storedName, name: expertFileName(rows[i].originalName, round.blind, a.workId, i), contentType: rows[i].contentType };
  }

  private open(round: Round): boolean {
    return round.status === 'open' && (!round.opensAt || Date.parse(round.opensAt) <= Date.now()) && (!round.closesAt || Date.parse(round.closesAt) > Date.now());
  }

  private async history(m: EntityManager, sheetId: number, actorId: number, action: SheetAction, reason: string, before: ScoreSheet | null, after: ScoreSheet): Promise<void> {
    const snap = (s: ScoreSheet | null) => (s ? { scores: s.scores, comment: s.comment, status: s.status } : null);
    await m.query(`INSERT INTO sheet_history (sheet_id, actor_id, action, reason, before, after) VALUES ($1, $2, $3, $4, $5, $6)`, [
      sheetId, actorId, action, reason, JSON.stringify(snap(before)), JSON.stringify(snap(after)),
    ]);
  }

  /** A draft save (autosave) or a submit, by the assigned expert, applied once per sheet version. */
  async write(req: RpcRequest<SheetSaveInput>, action: 'save' | 'submit'): Promise<ScoreSheet> {
    const p = req.payload;
    const lang = req.meta?.lang ?? 'zh-CN';
    const me = callerOf(req).userId;
    let screensTold = false;
    return this.ds
      .transaction(async (m) => {
        const { a, round, role } = await this.access(req, p.assignmentId, m);
        if (role !== 'expert') throw AppError.notFound('review.notAssigned');
        await m.query(`SELECT id FROM assignments WHERE id = $1 FOR UPDATE`, [a.id]);
        const before = await this.sheetOf(m, a.id, true);
        // A repeat of a submit that already went through (a double click, a retry): the same answer, nothing changes.
        if (action === 'submit' && before?.status === 'submitted' && before.version === p.version + 1 && JSON.stringify(before.scores) === JSON.stringify(p.scores)) {
          return before;
        }
        if (!this.open(round)) throw AppError.conflict('review.roundNotOpen');
        if ((before?.version ?? 0) !== p.version) throw AppError.conflict(before?.status === 'submitted' ? 'review.sheetLocked' : 'review.sheetStale');
        const status = nextStatus(before?.status ?? null, action);
        if (!status) throw AppError.conflict('review.sheetLocked');
        const problems = scoreProblems(round.scoreColumns, p.scores, action === 'submit', lang);
        if (problems.length) throw AppError.badRequest('review.sheetInvalid', { problems: problems.join(lang === 'en' ? '; ' : '；') });
        const comment = (p.comment ?? '').trim();
        if (action === 'submit' && round.commentRequired && !comment) throw AppError.badRequest('review.commentRequired');
        const total = weightedTotal(round.scoreColumns, p.scores);
        const [after]: ScoreSheet[] = before
          ? (
              await m.query(
                `UPDATE score_sheets s SET scores = $2, total = $3, comment = $4, status = $5::varchar, version = version + 1, updated_at = now(),
                   submitted_at = CASE WHEN $5::varchar = 'submitted' THEN now() ELSE submitted_at END
                 WHERE s.id = $1 AND s.version = $6 RETURNING ${SHEET_COLUMNS}`,
                [before.id, JSON.stringify(p.scores), total, comment, status, p.version],
              )
            )[0]
          : await m.query(
              `INSERT INTO score_sheets AS s (assignment_id, scores, total, comment, status, submitted_at)
               VALUES ($1, $2, $3, $4, $5::varchar, CASE WHEN $5::varchar = 'submitted' THEN now() END) RETURNING ${SHEET_COLUMNS}`,
              [a.id, JSON.stringify(p.scores), total, comment, status],
            );
        await this.history(m, after.id, me, action, '', before, after);
        // An on-site team's screen shows its score once every expert submitted.
        if (action === 'submit') screensTold = await sheetSubmitted(m, a.roundId, a.workId);
        return after;
      })
      .then((sheet) => {
        if (screensTold) this.relay.kick();
        return sheet;
      })
      .catch((e: unknown) => {
        if (isUniqueViolation(e)) throw AppError.conflict('review.sheetStale');
        throw e;
      });
  }

  /** A captain of the sheet's group or an organiser sends a submitted sheet back to its expert, with a reason. */
  async returnSheet(req: RpcRequest<{ sheetId: number; reason: string }>): Promise<ScoreSheet> {
    const me = callerOf(req).userId;
    const result = await this.ds.transaction(async (m) => {
      const [row] = await m.query(`SELECT assignment_id AS "assignmentId" FROM score_sheets WHERE id = $1`, [req.payload.sheetId]);
      if (!row) throw AppError.notFound('review.sheetNotFound', { id: req.payload.sheetId });
      const { a, round, role } = await this.access(req, row.assignmentId, m).catch(() => {
        throw AppError.notFound('review.sheetNotFound', { id: req.payload.sheetId });
      });
      if (role === 'expert' && a.captainUserId !== me) throw AppError.notFound('review.sheetNotFound', { id: req.payload.sheetId });
      if (round.status === 'closed') throw AppError.conflict('review.roundClosed');
      const before = (await this.sheetOf(m, a.id, true))!;
      if (!nextStatus(before.status, 'return')) throw AppError.conflict('review.notSubmitted');
      const reason = req.payload.reason.trim();
      const [[after]]: [ScoreSheet[]] = await m.query(
        `UPDATE score_sheets s SET status = 'returned', return_reason = $2, version = version + 1, updated_at = now() WHERE s.id = $1 RETURNING ${SHEET_COLUMNS}`,
        [before.id, reason],
      );
      await this.history(m, after.id, me, 'return', reason, before, after);
      // A returned sheet reopens the group's scoring.
      if (a.reviewGroupId) await m.query(`UPDATE review_groups SET confirmed_at = NULL, confirmed_by = NULL WHERE id = $1`, [a.reviewGroupId]);
      const [w] = await m.query(`SELECT title FROM round_works WHERE round_id = $1 AND work_id = $2`, [a.roundId, a.workId]);
      return { after, notice: { userId: a.expertUserId, round: round.name, title: w?.title ?? '', reason } };
    });
    if (result.notice.userId) {
      await this.rpc
        .request(EnrollmentSubject.messageSend, { ...req, payload: { userIds: [result.notice.userId], key: 'message.sheetReturned', params: result.notice } })
        .catch(() => undefined); // the return stands; the message is a courtesy
    }
    return result.after;
  }

  async sheetHistory(req: RpcRequest<{ sheetId: number }>): Promise<SheetHistoryEntry[]> {
    const [row] = await this.ds.query(`SELECT assignment_id AS "assignmentId" FROM score_sheets WHERE id = $1`, [req.payload.sheetId]);
    if (!row) throw AppError.notFound('review.sheetNotFound', { id: req.payload.sheetId });
    await this.access(req, row.assignmentId).catch(() => {
      throw AppError.notFound('review.sheetNotFound', { id: req.payload.sheetId });
    });
    return this.ds.query(
      `SELECT id, sheet_id AS "sheetId", actor_id AS "actorId", action, reason, before, after, created_at AS "createdAt"
       FROM sheet_history WHERE sheet_id = $1 ORDER BY id`,
      [req.payload.sheetId],
    );
  }

  // ---- captains ----

  /** The group a captain leads in the round, or (organisers) the one named. */
  private async groupFor(req: RpcRequest, roundId: number, reviewGroupId?: number): Promise<{ round: Round; group: { id: number; name: string; confirmedAt: string | null }; captain: boolean }> {
    const round = await loadRound(this.ds.manager, roundId);
    if (!round) throw AppError.notFound('review.roundNotFound', { id: roundId });
    const [led] = await this.ds.query(
      `SELECT g.id, g.name, g.confirmed_at AS "confirmedAt" FROM review_groups g JOIN experts c ON c.id = g.captain_expert_id
       WHERE g.round_id = $1 AND c.user_id = $2 AND c.deleted_at IS NULL`,
      [round.id, callerOf(req).userId],
    );
    if (led && (!reviewGroupId || reviewGroupId === led.id)) return { round, group: led, captain: true };
    if (reviewGroupId && (await this.isOrganiserOf(req, round))) {
      const [g] = await this.ds.query(`SELECT id, name, confirmed_at AS "confirmedAt" FROM review_groups WHERE id = $1 AND round_id = $2`, [reviewGroupId, round.id]);
      if (g) return { round, group: g, captain: false };
    }
    throw AppError.notFound('review.notCaptain');
  }

  async groupScores(req: RpcRequest<{ roundId: number; reviewGroupId?: number }>): Promise<GroupScores> {
    const { round, group } = await this.groupFor(req, req.payload.roundId, req.payload.reviewGroupId);
    const rows = await this.ds.query(
      `SELECT w.work_id AS "workId", w.title, a.id AS "assignmentId", e.id AS "expertId", e.name AS "expertName", s.id AS "sheetId",
         COALESCE(s.status, 'notStarted') AS status, COALESCE(s.scores, '[]') AS scores, s.total::float8 AS total
       FROM assignments a JOIN group_experts x ON x.round_id = a.round_id AND x.expert_id = a.expert_id JOIN experts e ON e.id = a.expert_id
       JOIN round_works w ON w.round_id = a.round_id AND w.work_id = a.work_id LEFT JOIN score_sheets s ON s.assignment_id = a.id
       WHERE a.round_id = $1 AND x.group_id = $2 AND NOT a.declined ORDER BY w.work_id, e.id`,
      [round.id, group.id],
    );
    const works = new Map<number, GroupScores['works'][number]>();
    for (const { workId, title, ...sheet } of rows) {
      if (!works.has(workId)) works.set(workId, { workId, title, sheets: [] });
      works.get(workId)!.sheets.push(sheet);
    }
    return { roundId: round.id, reviewGroupId: group.id, groupName: group.name, confirmedAt: group.confirmedAt, columns: round.scoreColumns, works: [...works.values()] };
  }

  /** The captain confirms the group's scoring once every sheet of it is submitted. */
  async confirmGroup(req: RpcRequest<{ roundId: number }>): Promise<GroupScores> {
    const { group } = await this.groupFor(req, req.payload.roundId);
    const [{ open }] = await this.ds.query(
      `SELECT count(*)::int AS open FROM assignments a JOIN group_experts x ON x.round_id = a.round_id AND x.expert_id = a.expert_id
       LEFT JOIN score_sheets s ON s.assignment_id = a.id WHERE x.group_id = $1 AND NOT a.declined AND (s.status IS NULL OR s.status <> 'submitted')`,
      [group.id],
    );
    if (open) throw AppError.conflict('review.groupIncomplete', { count: open });
    await this.ds.query(`UPDATE review_groups SET confirmed_at = now(), confirmed_by = $2 WHERE id = $1 AND confirmed_at IS NULL`, [group.id, callerOf(req).userId]);
    return this.groupScores(req);
  }
}
