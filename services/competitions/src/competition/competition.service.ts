import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, isUniqueViolation, likePattern, NatsRpcClient, OutboxRelay, pageOf, preparedQuery, RPC, Scopes, writeEvent, type Scope } from '@cmp/common';
import {
  CompetitionStatus,
  EventSubject,
  translate,
  type Competition,
  type CompetitionDetail,
  type CompetitionInput,
  type CompetitionItemInput,
  type CompetitionPageQuery,
  type EnrollSetting,
  type Option,
  type Page,
  type ReviewSetting,
  type RpcRequest,
  type ScheduleChangedEvent,
  type Stage,
  type StageInput,
  type WorkSubmitSetting,
} from '@cmp/contracts';
import { invalidatePublicCache } from '../public-cache';
import { sanitizeRichText } from '../rich-text';
import { COMPETITION_COLUMNS, STAGE_COLUMNS } from './competition.sql';
import { loadDetail } from './competition.store';
import { assertWindow, checkEnroll, checkReview } from './competition.rules';

const NOT_ARCHIVED = `status <> ${CompetitionStatus.archived}`;

/** Organisers' side: every call is scoped to the caller's organisation and its subordinates. */
@Injectable()
export class CompetitionService {
  constructor(
    private readonly ds: DataSource,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    private readonly relay: OutboxRelay,
    private readonly scopes: Scopes,
  ) {}

  async page(req: RpcRequest<CompetitionPageQuery>): Promise<Page<Competition>> {
    const scope = await this.scopes.of(req);
    const { keyword, status, year } = req.payload;
    const { pageNum, pageSize, offset } = pageOf(req.payload);
    const where = `($1::int[] IS NULL OR c.group_id = ANY($1)) AND ($2::text IS NULL OR c.name ILIKE $2 OR c.name_en ILIKE $2)
      AND ($3::int IS NULL OR c.status = $3) AND ($4::int IS NULL OR c.year = $4)`;
    const params = [scope, likePattern(keyword), status ?? null, year ?? null];
    // One prepared statement: every workbench and back-office list asks this, and planning it cost more than running
    // it. The total rides on the page's rows (counted before the columns that cost a lookup each are computed).
    const rows = await preparedQuery<Competition & { total: number }>(this.ds, {
      name: 'competitions.page',
      text: `SELECT ${COMPETITION_COLUMNS}, c.total FROM (
               SELECT c.*, count(*) OVER ()::int AS total FROM competitions c WHERE ${where} ORDER BY c.id DESC LIMIT $5 OFFSET $6
             ) c ORDER BY c.id DESC`,
      values: [...params, pageSize, offset],
    });
    const list = rows.map(({ total: _, ...c }) => c);
    // A page past the end has no row to carry the total.
    const total = rows[0]?.total ?? (offset ? (await preparedQuery<{ total: number }>(this.ds, { name: 'competitions.count', text: `SELECT count(*)::int AS total FROM competitions c WHERE ${where}`, values: params }))[0].total : 0);
    return { list, total, pageNum, pageSize };
  }

  async detail(req: RpcRequest<{ id: number }>): Promise<CompetitionDetail> {
    const scope = await this.scopes.of(req);
    return this.scoped(this.ds, req.payload.id, scope);
  }

  /** Filter options, named in the caller's language (the English name when there is one). */
  async options(req: RpcRequest): Promise<Option[]> {
    const scope = await this.scopes.of(req);
    return this.ds.query(
      `SELECT id AS value, CASE WHEN $2 AND name_en <> '' THEN name_en ELSE name END AS label FROM competitions
       WHERE ($1::int[] IS NULL OR group_id = ANY($1)) AND ${NOT_ARCHIVED} ORDER BY id DESC`,
      [scope, req.meta.lang === 'en'],
    );
  }

  /** The names of the caller's competitions among `ids` in the caller's language, archived ones too (lists of results name them). */
  async names(req: RpcRequest<{ ids: number[] }>): Promise<Option[]> {
    const scope = await this.scopes.of(req);
    return this.ds.query(
      `SELECT id AS value, CASE WHEN $3 AND name_en <> '' THEN name_en ELSE name END AS label FROM competitions
       WHERE id = ANY($2::int[]) AND ($1::int[] IS NULL OR group_id = ANY($1))`,
      [scope, req.payload.ids, req.meta.lang === 'en'],
    );
  }

  async add(req: RpcRequest<CompetitionInput>): Promise<CompetitionDetail> {
    const caller = callerOf(req);
    const p = req.payload;
    const [{ id }] = await this.ds.query(
      `INSERT INTO competitions (group_id, name, name_en, level, year, cover_url, summary, intro, guide, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [caller.groupId, p.name, p.nameEn, p.level, p.year, p.coverUrl, p.summary, sanitizeRichText(p.intro), sanitizeRichText(p.guide), caller.userId],
    );
    return (await loadDetail(this.ds, id))!;
  }

  async update(req: RpcRequest<CompetitionInput & { id: number }>): Promise<CompetitionDetail> {
    const p = req.payload;
    return this.change(req, p.id, async (m) => {
      await m.query(
        `UPDATE competitions SET name = $2, name_en = $3, level = $4, year = $5, cover_url = $6, summary = $7, intro = $8,
                guide = $9, updated_at = now() WHERE id = $1`,
        [p.id, p.name, p.nameEn, p.level, p.year, p.coverUrl, p.summary, sanitizeRichText(p.intro), sanitizeRichText(p.guide)],
      );
    });
  }

  /** A new draft with the same events, stages and settings: next year's edition starts from this year's. */
  async copy(req: RpcRequest<{ id: number }>): Promise<CompetitionDetail> {
    const caller = callerOf(req);
    const scope = await this.scopes.of(req);
    const src = await this.scoped(this.ds, req.payload.id, scope);
    const id = await this.ds.transaction(async (m) => {
      const [{ id: copyId }] = await m.query(
        `INSERT INTO competitions (group_id, name, name_en, level, year, cover_url, summary, intro, guide, enroll_start_at, enroll_end_at,
                mode, team_min, team_max, teacher_max, school_quota, required_fields, submit_start_at, submit_end_at, review_rounds, created_by)
         SELECT group_id, left(name || $2, 100), name_en, level, year, cover_url, summary, intro, guide, enroll_start_at, enroll_end_at,
                mode, team_min, team_max, teacher_max, school_quota, required_fields, submit_start_at, submit_end_at, review_rounds, $3
           FROM competitions WHERE id = $1 RETURNING id`,
        [src.id, req.meta.lang === 'en' ? ' (copy)' : '（副本）', caller.userId],
      );
      await m.query(
        `INSERT INTO competition_items (competition_id, name, name_en, description, quota, fee_fen, file_types, max_file_mb, max_files, order_num)
         SELECT $2, name, name_en, description, quota, fee_fen, file_types, max_file_mb, max_files, order_num
           FROM competition_items WHERE competition_id = $1`,
        [src.id, copyId],
      );
      await m.query(
        `INSERT INTO competition_stages (competition_id, name, name_en, description, start_at, end_at, order_num)
         SELECT $2, name, name_en, description, start_at, end_at, order_num FROM competition_stages WHERE competition_id = $1`,
        [src.id, copyId],
      );
      await m.query(
        `INSERT INTO competition_school_quotas (competition_id, school_id, quota)
         SELECT $2, school_id, quota FROM competition_school_quotas WHERE competition_id = $1`,
        [src.id, copyId],
      );
      return copyId as number;
    });
    return (await loadDetail(this.ds, id))!;
  }

  /** Draft to published: the public site shows it from now on, and other services hear of it. */
  async publish(req: RpcRequest<{ id: number }>): Promise<CompetitionDetail> {
    return this.change(req, req.payload.id, async (m, before) => {
      if (before.status !== CompetitionStatus.draft) throw AppError.conflict('competition.notDraft');
      // Refused, not asked: without a submission window a published competition could never collect works.
      const lang = req.meta.lang;
      const missing = [
        !before.items.length && 'competition.missing.item',
        !before.enroll.startAt && 'competition.missing.enroll',
        !before.workSubmit.startAt && 'competition.missing.workSubmit',
      ].filter((k): k is string => !!k);
      if (missing.length) {
        const list = missing.map((k) => translate(k, lang)).join(translate('competition.missing.separator', lang));
        throw AppError.badRequest('competition.publishIncomplete', { missing: list });
      }
      const [{ publishedAt }] = await m.query(
        `UPDATE competitions SET status = ${CompetitionStatus.published}, published_at = now(), updated_at = now()
          WHERE id = $1 RETURNING published_at AS "publishedAt"`,
        [before.id],
      );
      await writeEvent(m, EventSubject.competitionPublished, { competitionId: before.id, groupId: before.groupId, name: before.name, publishedAt });
    });
  }

  /** Published to archived: off the public lists, kept for records; archived competitions are read-only. */
  async archive(req: RpcRequest<{ id: number }>): Promise<CompetitionDetail> {
    return this.change(req, req.payload.id, async (m, before) => {
      if (before.status !== CompetitionStatus.published) throw AppError.conflict('competition.notPublished');
      await m.query(`UPDATE competitions SET status = ${CompetitionStatus.archived}, updated_at = now() WHERE id = $1`, [before.id]);
    });
  }

  /** Only drafts are deleted; a published competition has sign-ups and history, so it is archived instead. */
  async remove(req: RpcRequest<{ id: number }>): Promise<null> {
    const scope = await this.scopes.of(req);
    await this.ds.transaction(async (m) => {
      const c = await this.locked(m, req.payload.id, scope);
      if (c.status !== CompetitionStatus.draft) throw AppError.conflict('competition.deleteNotDraft');
      await m.query(`DELETE FROM competitions WHERE id = $1`, [c.id]);
    });
    return null;
  }

  async itemOptions(req: RpcRequest<{ competitionId: number }>): Promise<Option[]> {
    const c = await this.detail({ ...req, payload: { id: req.payload.competitionId } });
    return c.items.map((i) => ({ value: i.id, label: (req.meta.lang === 'en' && i.nameEn) || i.name }));
  }

  async saveItem(req: RpcRequest<CompetitionItemInput & { competitionId: number }>): Promise<CompetitionDetail> {
    const p = req.payload;
    return this.change(req, p.competitionId, async (m, before) => {
      if (p.id && !before.items.some((i) => i.id === p.id)) throw AppError.notFound('competition.unknownItem', { id: p.id });
      const values = [p.name, p.nameEn, p.description, p.quota, p.feeFen, p.orderNum];
      try {
        if (p.id) {
          await m.query(
            `UPDATE competition_items SET name = $2, name_en = $3, description = $4, quota = $5, fee_fen = $6, order_num = $7 WHERE id = $1`,
            [p.id, ...values],
          );
        } else {
          await m.query(
            `INSERT INTO competition_items (competition_id, name, name_en, description, quota, fee_fen, order_num) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [before.id, ...values],
          );
        }
      } catch (e) {
        if (isUniqueViolation(e)) throw AppError.conflict('competition.itemNameTaken', { name: p.name });
        throw e;
      }
    });
  }

  async deleteItem(req: RpcRequest<{ competitionId: number; id: number }>): Promise<CompetitionDetail> {
    const p = req.payload;
    return this.change(req, p.competitionId, async (m, before) => {
      if (!before.items.some((i) => i.id === p.id)) throw AppError.notFound('competition.unknownItem', { id: p.id });
      if (before.status !== CompetitionStatus.draft && before.items.length === 1) throw AppError.conflict('competition.lastItem');
      await m.query(`DELETE FROM competition_items WHERE id = $1`, [p.id]);
    });
  }

  async stageList(req: RpcRequest<{ competitionId: number }>): Promise<Stage[]> {
    return (await this.detail({ ...req, payload: { id: req.payload.competitionId } })).stages;
  }

  async stageDetail(req: RpcRequest<{ id: number }>): Promise<Stage> {
    const [stage]: Stage[] = await this.ds.query(`SELECT ${STAGE_COLUMNS} FROM competition_stages WHERE id = $1`, [req.payload.id]);
    if (!stage) throw AppError.notFound('competition.unknownStage', { id: req.payload.id });
    await this.detail({ ...req, payload: { id: stage.competitionId } });
    return stage;
  }

  async saveStage(req: RpcRequest<StageInput & { competitionId: number }>): Promise<CompetitionDetail> {
    const p = req.payload;
    assertWindow(p.startAt, p.endAt, p.name);
    return this.change(req, p.competitionId, async (m, before) => {
      if (p.id && !before.stages.some((s) => s.id === p.id)) throw AppError.notFound('competition.unknownStage', { id: p.id });
      const values = [p.name, p.nameEn, p.description, p.startAt, p.endAt, p.orderNum];
      if (p.id) {
        await m.query(
          `UPDATE competition_stages SET name = $2, name_en = $3, description = $4, start_at = $5, end_at = $6, order_num = $7 WHERE id = $1`,
          [p.id, ...values],
        );
      } else {
        await m.query(
          `INSERT INTO competition_stages (competition_id, name, name_en, description, start_at, end_at, order_num) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [before.id, ...values],
        );
      }
    }, true);
  }

  async deleteStage(req: RpcRequest<{ competitionId: number; id: number }>): Promise<CompetitionDetail> {
    const p = req.payload;
    return this.change(req, p.competitionId, async (m, before) => {
      if (!before.stages.some((s) => s.id === p.id)) throw AppError.notFound('competition.unknownStage', { id: p.id });
      await m.query(`DELETE FROM competition_stages WHERE id = $1`, [p.id]);
    }, true);
  }

  async saveEnroll(req: RpcRequest<EnrollSetting>): Promise<CompetitionDetail> {
    const p = checkEnroll(req.payload, req.meta.lang);
    return this.change(req, p.competitionId, async (m) => {
      const schoolIds = p.schoolQuotas.map((q) => q.schoolId);
      if (schoolIds.length) {
        // The schools table comes with the reference-data part; where it is not there yet, no school is known
        // (asking it would abort the transaction with a system error instead of saying which ids are wrong).
        const [{ present }] = await m.query(`SELECT to_regclass('schools') IS NOT NULL AS present`);
        const known: { id: number }[] = present ? await m.query(`SELECT id FROM schools WHERE id = ANY($1::int[])`, [schoolIds]) : [];
        const unknown = schoolIds.filter((id) => !known.some((k) => k.id === id));
        if (unknown.length) throw AppError.badRequest('competition.unknownSchools', { ids: unknown.join(', ') });
      }
      await m.query(
        `UPDATE competitions SET enroll_start_at = $2, enroll_end_at = $3, mode = $4, team_min = $5, team_max = $6, teacher_max = $7,
                school_quota = $8, required_fields = $9, updated_at = now() WHERE id = $1`,
        [p.competitionId, p.startAt, p.endAt, p.mode, p.teamMin, p.teamMax, p.teacherMax, p.schoolQuota, p.requiredFields],
      );
      await m.query(`DELETE FROM competition_school_quotas WHERE competition_id = $1`, [p.competitionId]);
      if (p.schoolQuotas.length) {
        await m.query(
          `INSERT INTO competition_school_quotas (competition_id, school_id, quota) SELECT $1, * FROM unnest($2::int[], $3::int[])`,
          [p.competitionId, schoolIds, p.schoolQuotas.map((q) => q.quota)],
        );
      }
    }, true);
  }

  async saveWorkSubmit(req: RpcRequest<WorkSubmitSetting>): Promise<CompetitionDetail> {
    const p = req.payload;
    if (p.startAt || p.endAt) assertWindow(p.startAt, p.endAt, req.meta.lang === 'en' ? 'work submission' : '作品提交');
    return this.change(req, p.competitionId, async (m, before) => {
      const unknown = p.items.find((s) => !before.items.some((i) => i.id === s.itemId));
      if (unknown) throw AppError.notFound('competition.unknownItem', { id: unknown.itemId });
      await m.query(`UPDATE competitions SET submit_start_at = $2, submit_end_at = $3, updated_at = now() WHERE id = $1`, [
        p.competitionId,
        p.startAt,
        p.endAt,
      ]);
      for (const s of p.items) {
        await m.query(`UPDATE competition_items SET file_types = $2, max_file_mb = $3, max_files = $4 WHERE id = $1`, [
          s.itemId,
          s.fileTypes,
          s.maxFileMb,
          s.maxFiles,
        ]);
      }
    }, true);
  }

  async saveReview(req: RpcRequest<ReviewSetting>): Promise<CompetitionDetail> {
    const p = checkReview(req.payload);
    return this.change(req, p.competitionId, async (m) => {
      await m.query(`UPDATE competitions SET review_rounds = $2, updated_at = now() WHERE id = $1`, [p.competitionId, JSON.stringify(p.rounds)]);
    });
  }

  /**
   * One way to change a competition: lock its row, refuse archived ones, apply, and after commit tell the
   * gateways to drop cached public answers. A change to a published competition's dates is an event.
   */
  private async change(
    req: RpcRequest,
    id: number,
    apply: (m: EntityManager, before: CompetitionDetail) => Promise<void>,
    touchesSchedule = false,
  ): Promise<CompetitionDetail> {
    const scope = await this.scopes.of(req);
    const after = await this.ds.transaction(async (m) => {
      const before = await this.locked(m, id, scope);
      if (before.status === CompetitionStatus.archived) throw AppError.conflict('competition.archived');
      await apply(m, before);
      const now = (await loadDetail(m, id))!;
      if (touchesSchedule && now.status === CompetitionStatus.published) {
        const event: ScheduleChangedEvent = {
          competitionId: id,
          groupId: now.groupId,
          stages: now.stages,
          enroll: { startAt: now.enroll.startAt, endAt: now.enroll.endAt },
          workSubmit: { startAt: now.workSubmit.startAt, endAt: now.workSubmit.endAt },
        };
        await writeEvent(m, EventSubject.scheduleChanged, event);
      }
      return now;
    });
    this.relay.kick();
    if (after.status !== CompetitionStatus.draft) await invalidatePublicCache(this.rpc, after.groupId);
    return after;
  }

  private async locked(m: EntityManager, id: number, scope: Scope): Promise<CompetitionDetail> {
    const [row] = await m.query(`SELECT id FROM competitions WHERE id = $1 AND ($2::int[] IS NULL OR group_id = ANY($2)) FOR UPDATE`, [id, scope]);
    if (!row) throw AppError.notFound('competition.notFound', { id });
    return (await loadDetail(m, id))!;
  }

  private async scoped(db: DataSource | EntityManager, id: number, scope: Scope): Promise<CompetitionDetail> {
    const c = await loadDetail(db, id, '($2::int[] IS NULL OR c.group_id = ANY($2))', [scope]);
    if (!c) throw AppError.notFound('competition.notFound', { id });
    return c;
  }
}
