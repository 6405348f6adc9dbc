import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { actorOf, AppError, beijingMinute, callerOf, inScope, likePattern, NatsRpcClient, pageOf, RPC, Scopes } from '@cmp/common';
import {
  AuthSubject,
  EnrollmentSubject,
  Perm,
  SUMMARY_MAX_TARGETS,
  type Page,
  type RpcRequest,
  type SummaryFileRef,
  type SummaryRecord,
  type SummaryRecordQuery,
  type SummaryRecords,
  type SummaryRequirement,
  type SummaryRequirementQuery,
  type SummaryReviewPayload,
  type SummarySavePayload,
  type SummarySubmission,
  type SummarySubmissionQuery,
  type SummarySubmissionRow,
  type SummarySubmitPayload,
  type SummaryTask,
  type SummaryTaskQuery,
} from '@cmp/contracts';

type GroupName = { id: number; name: string; nameEn: string };
type Requirement = SummaryRequirement & { templateKey: string | null };

const COMPETITION_NAME = `CASE WHEN $LANG AND c.name_en <> '' THEN c.name_en ELSE c.name END AS "competitionName"`;
const TEMPLATE = `CASE WHEN r.template_key IS NULL THEN NULL ELSE json_build_object('name', r.template_name, 'size', r.template_size) END AS template`;
const REQUIREMENT_COLUMNS = `
  r.id, r.group_id AS "groupId", r.competition_id AS "competitionId", ${COMPETITION_NAME},
  r.title, r.description, r.deadline, r.template_key AS "templateKey", ${TEMPLATE},
  r.target_group_ids AS "targetGroupIds", cardinality(r.target_group_ids) AS targets,
  (SELECT count(*) FROM summary_submissions s WHERE s.requirement_id = r.id)::int AS submitted,
  (SELECT count(*) FROM summary_submissions s WHERE s.requirement_id = r.id AND s.state = 'accepted')::int AS accepted,
  (SELECT count(*) FROM summary_submissions s WHERE s.requirement_id = r.id AND s.state = 'returned')::int AS returned,
  r.reminded_at AS "remindedAt", r.created_at AS "createdAt"`;
const SUBMISSION_COLUMNS = `
  s.id, s.requirement_id AS "requirementId", s.group_id AS "groupId", json_build_object('name', s.file_name, 'size', s.file_size) AS file,
  s.state, s.comment, s.attempts, s.submitted_by_name AS "submittedByName", s.submitted_at AS "submittedAt",
  s.submitted_at > r.deadline AS late, s.reviewed_by_name AS "reviewedByName", s.reviewed_at AS "reviewedAt"`;

/** Replaces $LANG (the caller reads English names) and returns the SQL; the flag is always the last argument. */
const withLang = (sql: string, args: unknown[], req: RpcRequest): [string, unknown[]] => [sql.replace(/\$LANG/g, `$${args.length + 1}`), [...args, req.meta.lang === 'en']];

/**
 * School summaries (总结管理). An organiser asks organisations below it (its scope, not itself) to hand in a summary
 * by a deadline, with an optional template; their contacts (summary:submit) hand in one PDF each, replaceable until
 * accepted; the organiser accepts or returns it with a comment and reminds those who have not handed in.
 */
@Injectable()
export class SummaryService {
  private readonly logger = new Logger(SummaryService.name);

  constructor(
    private readonly ds: DataSource,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    private readonly scopes: Scopes,
  ) {}

  private async names(req: RpcRequest, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.rpc.request<GroupName[]>(AuthSubject.groupNames, { ...req, payload: { ids: [...new Set(ids)] } });
    return new Map(rows.map((g) => [g.id, req.meta.lang === 'en' && g.nameEn ? g.nameEn : g.name]));
  }

  /** A requirement of the caller's organisations; others' answer "not found". */
  private async load(m: EntityManager | DataSource, req: RpcRequest, id: number, forUpdate = false): Promise<Requirement> {
    const scope = await this.scopes.of(req);
    const [sql, args] = withLang(
      `SELECT ${REQUIREMENT_COLUMNS} FROM summary_requirements r LEFT JOIN competitions c ON c.id = r.competition_id
        WHERE r.id = $1 AND r.deleted_at IS NULL AND ($2::int[] IS NULL OR r.group_id = ANY($2))${forUpdate ? ' FOR UPDATE OF r' : ''}`,
      [id, scope],
      req,
    );
    const [row] = await m.query(sql, args);
    if (!row) throw AppError.notFound('summary.notFound', { id });
    return row;
  }

  private view({ templateKey: _key, ...r }: Requirement): SummaryRequirement {
    return r;
  }

  async page(req: RpcRequest<SummaryRequirementQuery>): Promise<Page<SummaryRequirement>> {
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const where = [`r.deleted_at IS NULL`, `($1::int[] IS NULL OR r.group_id = ANY($1))`];
    const args: unknown[] = [await this.scopes.of(req)];
    const keyword = likePattern(q.keyword);
    if (keyword) where.push(`r.title ILIKE $${args.push(keyword)}`);
    if (q.competitionId) where.push(`r.competition_id = $${args.push(q.competitionId)}`);
    const filter = where.join(' AND ');
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM summary_requirements r WHERE ${filter}`, args);
    const [sql, all] = withLang(
      `SELECT ${REQUIREMENT_COLUMNS} FROM summary_requirements r LEFT JOIN competitions c ON c.id = r.competition_id
        WHERE ${filter} ORDER BY r.deadline DESC, r.id DESC LIMIT ${pageSize} OFFSET ${offset}`,
      args,
      req,
    );
    const rows: Requirement[] = await this.ds.query(sql, all);
    return { list: rows.map((r) => this.view(r)), total, pageNum, pageSize };
  }

  async save(req: RpcRequest<SummarySavePayload>): Promise<SummaryRequirement> {
    const caller = callerOf(req);
    const p = req.payload;
    const deadline = new Date(p.deadline);
    if (Number.isNaN(deadline.getTime())) throw AppError.badRequest('summary.badDeadline');
    const targets = [...new Set(p.targetGroupIds)];
    if (!targets.length || targets.length > SUMMARY_MAX_TARGETS) throw AppError.badRequest('summary.noTargets');
    const scope = await this.scopes.of(req);
    const ownGroup = p.id ? (await this.load(this.ds, req, p.id)).groupId : caller.groupId;
    const known = await this.names(req, targets);
    const stranger = targets.find((id) => id === ownGroup || !known.has(id) || !inScope(scope, id));
    if (stranger !== undefined) throw AppError.badRequest('summary.targetOutOfScope', { id: stranger });
    if (p.competitionId) {
      const [c] = await this.ds.query(`SELECT 1 FROM competitions WHERE id = $1 AND ($2::int[] IS NULL OR group_id = ANY($2))`, [p.competitionId, scope]);
      if (!c) throw AppError.badRequest('summary.competitionNotFound', { id: p.competitionId });
    }
    // undefined keeps the saved template, null removes it.
    const { template } = p;
    const id = await this.ds.transaction(async (m) => {
      if (!p.id) {
        const [row] = await m.query(
          `INSERT INTO summary_requirements (group_id, competition_id, title, description, deadline, template_key, template_name, template_size, target_group_ids, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [ownGroup, p.competitionId ?? null, p.title.trim(), (p.description ?? '').trim(), deadline, template?.key ?? null, template?.name ?? null, template?.size ?? null, targets, caller.userId],
        );
        return row.id as number;
      }
      await this.load(m, req, p.id, true);
      // An organisation that has handed in stays asked: its hand-in would otherwise vanish from the records.
      const [kept] = await m.query(`SELECT group_id AS id FROM summary_submissions WHERE requirement_id = $1 AND NOT (group_id = ANY($2::int[])) LIMIT 1`, [p.id, targets]);
      if (kept) throw AppError.conflict('summary.targetHasSubmission', { name: (await this.names(req, [kept.id])).get(kept.id) ?? String(kept.id) });
      await m.query(
        `UPDATE summary_requirements SET competition_id = $2, title = $3, description = $4, deadline = $5, target_group_ids = $6, updated_at = now(),
                template_key = CASE WHEN $7 THEN $8 ELSE template_key END, template_name = CASE WHEN $7 THEN $9 ELSE template_name END,
                template_size = CASE WHEN $7 THEN $10::int ELSE template_size END
          WHERE id = $1`,
        [p.id, p.competitionId ?? null, p.title.trim(), (p.description ?? '').trim(), deadline, targets, template !== undefined, template?.key ?? null, template?.name ?? null, template?.size ?? null],
      );
      return p.id;
    });
    return this.view(await this.load(this.ds, req, id));
  }

  /** Deletes a requirement nobody has answered (hand-ins are records the organiser keeps). */
  async remove(req: RpcRequest<{ id: number }>): Promise<null> {
    return this.ds.transaction(async (m) => {
      const r = await this.load(m, req, req.payload.id, true);
      if (r.submitted) throw AppError.conflict('summary.hasSubmissions', { count: r.submitted });
      await m.query(`UPDATE summary_requirements SET deleted_at = now() WHERE id = $1`, [r.id]);
      return null;
    });
  }

  /** Every target organisation of a requirement with its hand-in, filtered by state or name. */
  async records(req: RpcRequest<SummaryRecordQuery>): Promise<SummaryRecords> {
    const q = req.payload;
    const r = await this.load(this.ds, req, q.requirementId);
    const subs: SummarySubmission[] = await this.ds.query(
      `SELECT ${SUBMISSION_COLUMNS} FROM summary_submissions s JOIN summary_requirements r ON r.id = s.requirement_id WHERE s.requirement_id = $1`,
      [r.id],
    );
    const names = await this.names(req, r.targetGroupIds);
    const byGroup = new Map(subs.map((s) => [s.groupId, { ...s, groupName: names.get(s.groupId) ?? '' }]));
    const keyword = q.keyword?.trim().toLowerCase();
    const list: SummaryRecord[] = r.targetGroupIds
      .map((groupId) => {
        const submission = byGroup.get(groupId) ?? null;
        return { groupId, groupName: names.get(groupId) ?? String(groupId), state: submission?.state ?? ('missing' as const), submission };
      })
      .filter((x) => (!q.state || x.state === q.state) && (!keyword || x.groupName.toLowerCase().includes(keyword)))
      // Waiting for a decision first, then the missing, then the decided; by name within each.
      .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || a.groupName.localeCompare(b.groupName, 'zh-CN'));
    return { requirement: this.view(r), list };
  }

  /** Site messages to the contacts of every target that has not handed in, or whose hand-in was returned. */
  async remind(req: RpcRequest<{ id: number }>): Promise<{ organisations: number; people: number }> {
    const r = await this.load(this.ds, req, req.payload.id);
    const done: { id: number }[] = await this.ds.query(
      `SELECT group_id AS id FROM summary_submissions WHERE requirement_id = $1 AND state <> 'returned'`,
      [r.id],
    );
    const waiting = r.targetGroupIds.filter((g) => !done.some((d) => d.id === g));
    if (!waiting.length) throw AppError.conflict('summary.nothingToRemind');
    const userIds = await this.rpc.request<number[]>(AuthSubject.userIdsWithPermission, { ...req, payload: { permission: Perm.summarySubmit, groupIds: waiting } });
    if (userIds.length) {
      const organiser = (await this.names(req, [r.groupId])).get(r.groupId) ?? '';
      await this.rpc.request(EnrollmentSubject.messageSend, {
        ...req,
        payload: { userIds, key: 'message.summaryRemind', params: { title: r.title, organiser, deadline: beijingMinute(r.deadline) } },
      });
    }
    await this.ds.query(`UPDATE summary_requirements SET reminded_at = now() WHERE id = $1`, [r.id]);
    this.logger.log(`summary ${r.id}: reminded ${userIds.length} contacts of ${waiting.length} organisations`);
    return { organisations: waiting.length, people: userIds.length };
  }

  /**
   * Accepts or returns a hand-in. Only the attempt the organiser read is decided: a file replaced meanwhile waits
   * for them to read the new one (a conditional update, so two organisers deciding at once decide once).
   */
  async review(req: RpcRequest<SummaryReviewPayload>): Promise<SummarySubmission> {
    const p = req.payload;
    const comment = (p.comment ?? '').trim();
    if (p.decision === 'return' && !comment) throw AppError.badRequest('summary.commentRequired');
    const scope = await this.scopes.of(req);
    const actor = await actorOf(this.rpc, req);
    // An UPDATE answers [rows, count] through TypeORM.
    const [updated]: [{ id: number }[], number] = await this.ds.query(
      `UPDATE summary_submissions s SET state = $3, comment = $4, reviewed_by_name = $5, reviewed_at = now()
         FROM summary_requirements r
        WHERE s.id = $1 AND r.id = s.requirement_id AND r.deleted_at IS NULL AND ($6::int[] IS NULL OR r.group_id = ANY($6))
          AND s.state = 'submitted' AND s.attempts = $2
       RETURNING s.id`,
      [p.id, p.attempts, p.decision === 'accept' ? 'accepted' : 'returned', comment, actor.realName, scope],
    );
    const current = await this.submission(req, p.id, scope);
    if (!updated.length) {
      if (current.attempts !== p.attempts) throw AppError.conflict('summary.changedMeanwhile');
      throw AppError.conflict('summary.notSubmitted', { state: current.state });
    }
    if (p.decision === 'return') {
      const [{ title }] = await this.ds.query(`SELECT title FROM summary_requirements WHERE id = $1`, [current.requirementId]);
      const userIds = await this.rpc.request<number[]>(AuthSubject.userIdsWithPermission, { ...req, payload: { permission: Perm.summarySubmit, groupIds: [current.groupId] } });
      if (userIds.length) await this.rpc.request(EnrollmentSubject.messageSend, { ...req, payload: { userIds, key: 'message.summaryReturned', params: { title, comment } } });
    }
    return current;
  }

  private async submission(req: RpcRequest, id: number, scope: number[] | null): Promise<SummarySubmission> {
    const [row] = await this.ds.query(
      `SELECT ${SUBMISSION_COLUMNS} FROM summary_submissions s JOIN summary_requirements r ON r.id = s.requirement_id
        WHERE s.id = $1 AND r.deleted_at IS NULL AND ($2::int[] IS NULL OR r.group_id = ANY($2))`,
      [id, scope],
    );
    if (!row) throw AppError.notFound('summary.submissionNotFound', { id });
    return { ...row, groupName: (await this.names(req, [row.groupId])).get(row.groupId) ?? '' };
  }

  /** 学校总结: hand-ins across the caller's requirements, newest first, searched by organisation or requirement. */
  async submissions(req: RpcRequest<SummarySubmissionQuery>): Promise<Page<SummarySubmissionRow>> {
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const scope = await this.scopes.of(req);
    const where = [`r.deleted_at IS NULL`, `($1::int[] IS NULL OR r.group_id = ANY($1))`];
    const args: unknown[] = [scope];
    if (q.state) where.push(`s.state = $${args.push(q.state)}`);
    if (q.competitionId) where.push(`r.competition_id = $${args.push(q.competitionId)}`);
    const keyword = q.keyword?.trim();
    if (keyword) {
      // Organisation names live in the auth service: the matching ids of those handing in are asked for once.
      const groupIds: number[] = (await this.ds.query(`SELECT DISTINCT s.group_id AS id FROM summary_submissions s JOIN summary_requirements r ON r.id = s.requirement_id WHERE ${where.join(' AND ')}`, args)).map(
        (x: { id: number }) => x.id,
      );
      const names = await this.names(req, groupIds);
      const matching = [...names].filter(([, name]) => name.toLowerCase().includes(keyword.toLowerCase())).map(([id]) => id);
      where.push(`(r.title ILIKE $${args.push(likePattern(keyword))} OR s.group_id = ANY($${args.push(matching)}::int[]))`);
    }
    const filter = where.join(' AND ');
    const from = `FROM summary_submissions s JOIN summary_requirements r ON r.id = s.requirement_id LEFT JOIN competitions c ON c.id = r.competition_id`;
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total ${from} WHERE ${filter}`, args);
    const [sql, all] = withLang(
      `SELECT ${SUBMISSION_COLUMNS}, r.title AS "requirementTitle", CASE WHEN $LANG AND c.name_en <> '' THEN c.name_en ELSE c.name END AS "competitionName"
         ${from} WHERE ${filter} ORDER BY s.submitted_at DESC, s.id DESC LIMIT ${pageSize} OFFSET ${offset}`,
      args,
      req,
    );
    const rows: SummarySubmissionRow[] = await this.ds.query(sql, all);
    const names = await this.names(req, rows.map((r) => r.groupId));
    return { list: rows.map((r) => ({ ...r, groupName: names.get(r.groupId) ?? '' })), total, pageNum, pageSize };
  }

  /** 总结提交: what the caller's own organisation is asked to hand in, soonest deadline first. */
  async tasks(req: RpcRequest<SummaryTaskQuery>): Promise<Page<SummaryTask>> {
    const caller = callerOf(req);
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const where = [`r.deleted_at IS NULL`, `$1 = ANY(r.target_group_ids)`];
    const args: unknown[] = [caller.groupId];
    const keyword = likePattern(q.keyword);
    if (keyword) where.push(`r.title ILIKE $${args.push(keyword)}`);
    if (q.todo) where.push(`(s.id IS NULL OR s.state = 'returned')`);
    const from = `FROM summary_requirements r LEFT JOIN summary_submissions s ON s.requirement_id = r.id AND s.group_id = $1 LEFT JOIN competitions c ON c.id = r.competition_id`;
    const filter = where.join(' AND ');
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total ${from} WHERE ${filter}`, args);
    const [sql, all] = withLang(
      `SELECT r.id, r.group_id AS "organiserId", r.title, r.description, r.deadline, r.deadline < now() AS "pastDeadline", ${TEMPLATE}, ${COMPETITION_NAME},
              s.id AS "submissionId"
         ${from} WHERE ${filter} ORDER BY (s.id IS NULL OR s.state = 'returned') DESC, r.deadline ASC, r.id LIMIT ${pageSize} OFFSET ${offset}`,
      args,
      req,
    );
    type Row = SummaryTask['requirement'] & { organiserId: number; pastDeadline: boolean; submissionId: number | null };
    const rows: Row[] = await this.ds.query(sql, all);
    const organisers = await this.names(req, rows.map((r) => r.organiserId));
    const mine = await this.ownSubmissions(req, rows.map((r) => r.submissionId).filter((id): id is number => id !== null));
    const list = rows.map((r): SummaryTask => {
      const { organiserId, pastDeadline, submissionId, ...requirement } = r;
      const submission = (submissionId && mine.get(submissionId)) || null;
      return {
        requirement: { ...requirement, organiserName: organisers.get(organiserId) ?? '' },
        submission,
        open: submission?.state === 'returned' || (!pastDeadline && submission?.state !== 'accepted'),
      };
    });
    return { list, total, pageNum, pageSize };
  }

  private async ownSubmissions(req: RpcRequest, ids: number[]): Promise<Map<number, SummarySubmission>> {
    if (!ids.length) return new Map();
    const rows: SummarySubmission[] = await this.ds.query(
      `SELECT ${SUBMISSION_COLUMNS} FROM summary_submissions s JOIN summary_requirements r ON r.id = s.requirement_id WHERE s.id = ANY($1::int[])`,
      [ids],
    );
    const names = await this.names(req, rows.map((r) => r.groupId));
    return new Map(rows.map((s) => [s.id, { ...s, groupName: names.get(s.groupId) ?? '' }]));
  }

  /**
   * Hands in (or replaces) the caller's organisation's summary. Replacing is allowed until it is accepted; after the
   * deadline only a returned one may be handed in again. The requirement's row lock orders two contacts of one
   * organisation handing in at once: each replaces the other, never two rows.
   */
  async submit(req: RpcRequest<SummarySubmitPayload>): Promise<SummarySubmission> {
    const caller = callerOf(req);
    const actor = await actorOf(this.rpc, req);
    const p = req.payload;
    const id = await this.ds.transaction(async (m) => {
      const [r] = await m.query(`SELECT id, deadline, $2 = ANY(target_group_ids) AS asked FROM summary_requirements WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [
        p.requirementId,
        caller.groupId,
      ]);
      if (!r) throw AppError.notFound('summary.notFound', { id: p.requirementId });
      if (!r.asked) throw AppError.noAccess('summary.notTarget');
      const [prev] = await m.query(`SELECT id, state FROM summary_submissions WHERE requirement_id = $1 AND group_id = $2`, [r.id, caller.groupId]);
      if (prev?.state === 'accepted') throw AppError.conflict('summary.alreadyAccepted');
      if (prev?.state !== 'returned' && new Date(r.deadline) < new Date()) throw AppError.conflict('summary.closed', { deadline: beijingMinute(r.deadline) });
      const [row] = await m.query(
        `INSERT INTO summary_submissions (requirement_id, group_id, file_key, file_name, file_size, submitted_by, submitted_by_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (requirement_id, group_id) DO UPDATE SET file_key = EXCLUDED.file_key, file_name = EXCLUDED.file_name, file_size = EXCLUDED.file_size,
           submitted_by = EXCLUDED.submitted_by, submitted_by_name = EXCLUDED.submitted_by_name, submitted_at = now(), state = 'submitted',
           attempts = summary_submissions.attempts + 1, reviewed_by_name = NULL, reviewed_at = NULL
         RETURNING id`,
        [r.id, caller.groupId, p.key, p.name, p.size, caller.userId, actor.realName],
      );
      return row.id as number;
    });
    return (await this.ownSubmissions(req, [id])).get(id)!;
  }

  /**
   * A stored file the caller may read: a requirement's template (its organiser's side, or an organisation asked for
   * it) or a hand-in (the organiser's side, or the organisation that handed it in).
   */
  async file(req: RpcRequest<{ requirementId?: number; submissionId?: number }>): Promise<SummaryFileRef> {
    const caller = callerOf(req);
    const scope = await this.scopes.of(req);
    const { requirementId, submissionId } = req.payload;
    if (submissionId) {
      const [s] = await this.ds.query(
        `SELECT s.file_key AS key, s.file_name AS name FROM summary_submissions s JOIN summary_requirements r ON r.id = s.requirement_id
          WHERE s.id = $1 AND r.deleted_at IS NULL AND (s.group_id = $2 OR $3::int[] IS NULL OR r.group_id = ANY($3))`,
        [submissionId, caller.groupId, scope],
      );
      if (!s) throw AppError.notFound('summary.submissionNotFound', { id: submissionId });
      return s;
    }
    const [r] = await this.ds.query(
      `SELECT template_key AS key, template_name AS name FROM summary_requirements r
        WHERE r.id = $1 AND r.deleted_at IS NULL AND ($2 = ANY(r.target_group_ids) OR $3::int[] IS NULL OR r.group_id = ANY($3))`,
      [requirementId, caller.groupId, scope],
    );
    if (!r) throw AppError.notFound('summary.notFound', { id: requirementId ?? 0 });
    if (!r.key) throw AppError.notFound('summary.noTemplate');
    return r;
  }
}

const STATE_ORDER: Record<SummaryRecord['state'], number> = { submitted: 0, missing: 1, returned: 2, accepted: 3 };
