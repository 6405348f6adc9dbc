import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, inScope, likePattern, OutboxRelay, pageOf, RPC, Scopes, writeEvent, type NatsRpcClient } from '@cmp/common';
import {
  APPROVED_IDS_LIMIT,
  AuthSubject,
  certificateEmptyFields,
  certificateSlide,
  EMPTY_FIELDS_LIMIT,
  EventSubject,
  type BatchPreviewReply,
  type CertificatesSentEvent,
  type EmptyFieldsRow,
  CompetitionsSubject,
  EnrollmentSubject,
  ErrorCode,
  isCertificateTextCode,
  USERNAME_PATTERN,
  WINNER_COLUMNS,
  translate,
  type ApprovedSignup,
  type ApprovedSignupQuery,
  type BatchAdd,
  type BatchSignupQuery,
  type BatchProgress,
  type CertificateBatch,
  type CertificateDesign,
  type CompetitionDetail,
  type ImportCheckReply,
  type ImportRowError,
  type Lang,
  type NumberingScheme,
  type Page,
  type PageQuery,
  type PickableSignup,
  type PublishedRound,
  type Recipient,
  type RecipientsFromSignups,
  type RpcRequest,
} from '@cmp/contracts';
import { CERTIFICATES_CONFIG, type CertificatesConfig } from '../config';
import { newTraceToken, numbersLeft } from '../numbering/assign-numbers';
import { cleanScheme, counterKeyOf, digitsOf, isCompetitionWide, numberingProblem } from '../numbering/numbering';
import { bindValues } from '../render/design';
import { enqueueBatch, RENDER_QUEUE, type RenderQueue } from '../queue';
import { TemplateService } from '../template/template.service';

export interface BatchRow {
  id: number;
  group_id: number;
  template_id: number;
  template_name?: string;
  name: string;
  competition_id: number | null;
  competition_name: string;
  competition_name_en: string;
  item_id: number | null;
  item_name: string;
  item_name_en: string;
  issuer_name: string;
  numbering: NumberingScheme;
  design: CertificateDesign | null;
  seal_url: string | null;
  public_url: string | null;
  status: CertificateBatch['status'];
  error: string | null;
  runs: number;
  total?: number;
  created_at: Date;
  numbered_at: Date | null;
  issued_at: Date | null;
  sent_at: Date | null;
}

/** A sign-up's published award, as certificates kept it from review.results.published. */
interface PublishedWinner {
  level: string;
  levelEn: string;
  roundName: string;
  rank: number;
  score: number | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A batch-level failure is stored as a message key and parameters, rendered in the caller's language. */
export function errorText(raw: string | null, lang: Lang): string | null {
  if (!raw) return null;
  try {
    const { key, params } = JSON.parse(raw) as { key: string; params?: Record<string, string | number> };
    return translate(key, lang, params);
  } catch {
    return raw;
  }
}

export const toBatch = (r: BatchRow, lang: Lang = 'zh-CN'): CertificateBatch => ({
  id: r.id,
  groupId: r.group_id,
  templateId: r.template_id,
  templateName: r.template_name ?? '',
  name: r.name,
  competitionId: r.competition_id,
  competitionName: r.competition_name,
  competitionNameEn: r.competition_name_en,
  itemId: r.item_id,
  itemName: r.item_name,
  itemNameEn: r.item_name_en,
  issuerName: r.issuer_name,
  numbering: r.numbering,
  status: r.status,
  error: errorText(r.error, lang),
  total: r.total ?? 0,
  createdAt: r.created_at.toISOString(),
  issuedAt: iso(r.issued_at),
  sentAt: iso(r.sent_at),
});

/**
 * The site a batch's QR codes open: the organisation's public host (a phone can reach it), with the scheme and
 * port of PUBLIC_WEB_URL; PUBLIC_WEB_URL itself when no organisation up the tree has a host.
 */
export function publicBase(publicWebUrl: string, host?: string): string {
  const base = new URL(publicWebUrl);
  if (host) {
    if (host.includes(':')) base.host = host;
    else base.hostname = host;
  }
  return base.origin;
}

/** Holders per certificates.batch.sent event: well under NATS's 1 MB message limit. */
const SENT_CHUNK = 500;

const bindsSeal = (design: CertificateDesign | null | undefined): boolean =>
  !!design && (certificateSlide(design).elements ?? []).some((el) => el.type === 'image' && el.code === 'seal');

const MAX_FIELD = 200;
const MAX_NAME = 50;

/** Problems of one winner, as import row errors (rowNumber filled by the caller). */
export function recipientProblems(r: Partial<Recipient>, lang: 'zh-CN' | 'en'): Omit<ImportRowError, 'rowNumber'>[] {
  const out: Omit<ImportRowError, 'rowNumber'>[] = [];
  const label = (key: string) => {
    const col = WINNER_COLUMNS.find((c) => c.key === key);
    return col ? (lang === 'en' ? col.en : col.zh) : key;
  };
  if (!r.holderName?.trim()) out.push({ field: 'holderName', message: translate('import.row.required', lang, { field: label('holderName') }) });
  else if (r.holderName.length > MAX_NAME) out.push({ field: 'holderName', message: translate('cert.fieldTooLong', lang, { field: label('holderName'), max: MAX_NAME }) });
  if ((r.awardName ?? '').length > MAX_NAME) out.push({ field: 'awardName', message: translate('cert.fieldTooLong', lang, { field: label('awardName'), max: MAX_NAME }) });
  if (r.username && !USERNAME_PATTERN.test(r.username)) out.push({ field: 'username', message: translate('import.row.username', lang) });
  for (const [k, v] of Object.entries(r.values ?? {})) {
    if (!isCertificateTextCode(k)) out.push({ field: k, message: translate('cert.badDesign', lang, { detail: `unknown field ${k}` }) });
    else if (typeof v !== 'string' || v.length > MAX_FIELD) out.push({ field: k, message: translate('cert.fieldTooLong', lang, { field: label(k), max: MAX_FIELD }) });
  }
  return out;
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * The certificates of one approved sign-up: per 'signup' one held by the team (or the individual) and linked to the
 * captain's account; per 'member' one per member, linked to their own account. Values fill the binding codes.
 */
export function recipientsOf(s: ApprovedSignup, awardName: string, per: 'signup' | 'member'): (Recipient & { signupId: number })[] {
  const names = s.members.map((x) => x.realName);
  const values: Record<string, string> = {};
  const put = (k: string, v: string | null | undefined) => {
    if (v?.trim()) values[k] = clip(v.trim(), MAX_FIELD);
  };
  put('school', s.schoolName);
  put('student', names.join('、'));
  put('teacher', s.teachers.join('、'));
  put('teamName', s.teamName);
  put('workName', s.workTitle);
  if (per === 'member') {
    return s.members.map((x) => ({ signupId: s.id, holderName: clip(x.realName, MAX_NAME), username: x.username, awardName, values }));
  }
  const holder = s.teamName?.trim() || names[0] || '';
  return [{ signupId: s.id, holderName: clip(holder, MAX_NAME), username: s.members[0]?.username, awardName, values }];
}

/** Batches: a winners list, a numbering scheme and a design snapshot, issued in one background job. */
@Injectable()
export class BatchService {
  constructor(
    private readonly ds: DataSource,
    private readonly templates: TemplateService,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    private readonly scopes: Scopes,
    @Inject(RENDER_QUEUE) private readonly queue: RenderQueue,
    @Inject(CERTIFICATES_CONFIG) private readonly config: CertificatesConfig,
    private readonly relay: OutboxRelay,
  ) {}

  /** A batch the caller may manage, or not found. */
  async load(req: RpcRequest, id: number, m: EntityManager = this.ds.manager, lock = false): Promise<BatchRow> {
    const scope = await this.scopes.of(req);
    const rows: BatchRow[] = await m.query(`SELECT * FROM batches WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    if (!rows.length || !inScope(scope, rows[0].group_id)) throw AppError.notFound('cert.batchNotFound', { id });
    return rows[0];
  }

  async page(req: RpcRequest<PageQuery & { name?: string; status?: string }>): Promise<Page<CertificateBatch>> {
    const scope = await this.scopes.of(req);
    const q = req.payload;
    const { pageNum, pageSize, offset } = pageOf(q);
    const where = ['true'];
    const args: unknown[] = [];
    if (scope) where.push(`b.group_id = ANY($${args.push(scope)}::int[])`);
    const name = likePattern(q.name);
    if (name) where.push(`b.name ILIKE $${args.push(name)}`);
    if (q.status) where.push(`b.status = $${args.push(q.status)}`);
    const sql = `FROM batches b WHERE ${where.join(' AND ')}`;
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n ${sql}`, args);
    const rows: BatchRow[] = await this.ds.query(
      `SELECT b.*, t.name AS template_name,
              (SELECT count(*)::int FROM certificates c WHERE c.batch_id = b.id AND c.revoked_at IS NULL) AS total
         ${sql.replace('FROM batches b', 'FROM batches b JOIN templates t ON t.id = b.template_id')}
         ORDER BY b.id DESC LIMIT ${pageSize} OFFSET ${offset}`,
      args,
    );
    return { list: rows.map((r) => toBatch(r, req.meta.lang)), total: n, pageNum, pageSize };
  }

  async detail(req: RpcRequest<{ id: number }>): Promise<CertificateBatch> {
    const b = await this.load(req, req.payload.id);
    const [{ name }] = await this.ds.query(`SELECT name FROM templates WHERE id = $1`, [b.template_id]);
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM certificates WHERE batch_id = $1 AND revoked_at IS NULL`, [b.id]);
    return toBatch({ ...b, template_name: name, total: n }, req.meta.lang);
  }

  /** Checks the competition (and event) through the competitions service, which scopes it to the caller. */
  private async competitionOf(req: RpcRequest, competitionId?: number, itemId?: number): Promise<Record<'competitionName' | 'competitionNameEn' | 'itemName' | 'itemNameEn', string>> {
    if (!competitionId) return { competitionName: '', competitionNameEn: '', itemName: '', itemNameEn: '' };
    const c = await this.rpc.request<CompetitionDetail>(CompetitionsSubject.competitionDetail, { ...req, payload: { id: competitionId } });
    const names = { competitionName: c.name, competitionNameEn: c.nameEn ?? '' };
    if (!itemId) return { ...names, itemName: '', itemNameEn: '' };
    const item = c.items.find((i) => i.id === itemId);
    if (!item) throw AppError.badRequest('competition.unknownItem', { id: itemId });
    return { ...names, itemName: item.name, itemNameEn: item.nameEn ?? '' };
  }

  async add(req: RpcRequest<BatchAdd>): Promise<CertificateBatch> {
    const me = callerOf(req);
    const p = req.payload;
    const template = await this.templates.load(req, p.templateId);
    const numbering = cleanScheme(p.numbering ?? template.numbering);
    const problem = numberingProblem(numbering);
    if (problem) throw AppError.badRequest('cert.badNumbering', { detail: problem });
    if (digitsOf(numbering.variant) !== null) {
      if (!p.competitionId) throw AppError.badRequest('cert.numberingNeedsCompetition');
      if (!isCompetitionWide(numbering.variant) && !p.itemId) throw AppError.badRequest('cert.numberingNeedsItem');
    }
    const { competitionName, competitionNameEn, itemName, itemNameEn } = await this.competitionOf(req, p.competitionId, p.itemId);
    await this.assertNoNumberClash(this.ds.manager, { id: 0, group_id: template.groupId, numbering, competition_id: p.competitionId ?? null, item_id: p.itemId ?? null });
    const rows: BatchRow[] = await this.ds.query(
      `INSERT INTO batches (group_id, template_id, name, competition_id, competition_name, item_id, item_name, issuer_name, numbering, created_by, competition_name_en, item_name_en)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
      [
        template.groupId, template.id, p.name.trim(), p.competitionId ?? null, competitionName, p.itemId ?? null, itemName, p.issuerName.trim(), JSON.stringify(numbering), me.userId,
        competitionNameEn, itemNameEn,
      ],
    );
    const warnings = await this.warningsOf(this.ds.manager, template.groupId, template.design as CertificateDesign, req.meta.lang);
    return { ...toBatch({ ...rows[0], template_name: template.name, total: 0 }, req.meta.lang), warnings };
  }

  /**
   * Numbers are unique per organisation, but counters are per competition or event: two counters printing the
   * same prefix, width and suffix would hand out the same numbers. Refused here (creation and issue) against
   * batches already issued; the worker's unique index is the last wall.
   */
  private async assertNoNumberClash(m: EntityManager, b: Pick<BatchRow, 'id' | 'group_id' | 'numbering' | 'competition_id' | 'item_id'>): Promise<void> {
    const key = counterKeyOf(b.numbering.variant, b.competition_id, b.item_id);
    const digits = digitsOf(b.numbering.variant);
    if (!key || digits === null) return;
    const sameWidth = digits === 3 ? ['allAutoincrementThree', 'autoincrementThree'] : ['allAutoincrementFour', 'autoincrementFour'];
    const others: Pick<BatchRow, 'name' | 'numbering' | 'competition_id' | 'item_id'>[] = await m.query(
      `SELECT name, numbering, competition_id, item_id FROM batches
        WHERE group_id = $1 AND id <> $2 AND status <> 'draft' AND numbering->>'variant' = ANY($3::text[])
          AND coalesce(numbering->>'prefix', '') = $4 AND coalesce(numbering->>'suffix', '') = $5`,
      [b.group_id, b.id, sameWidth, b.numbering.prefix ?? '', b.numbering.suffix ?? ''],
    );
    const clash = others.find((o) => counterKeyOf(o.numbering.variant, o.competition_id, o.item_id) !== key);
    if (clash) throw AppError.badRequest('cert.numberClash', { batch: clash.name, prefix: b.numbering.prefix ?? '', suffix: b.numbering.suffix ?? '' });
  }

  /** What will not print as the designer shows it: a seal the organisation never uploaded. Warnings, not refusals. */
  private async warningsOf(m: EntityManager, groupId: number, design: CertificateDesign | null | undefined, lang: Lang): Promise<string[]> {
    if (!bindsSeal(design) || (await this.sealOf(m, groupId))) return [];
    return [translate('cert.noSeal', lang)];
  }

  private async sealOf(m: EntityManager, groupId: number): Promise<string | null> {
    const rows: { image_url: string }[] = await m.query(`SELECT image_url FROM seals WHERE group_id = $1`, [groupId]);
    return rows[0]?.image_url ?? null;
  }

  /** Only a draft (nothing numbered yet) can go: issued certificates are evidence and are revoked instead. */
  async remove(req: RpcRequest<{ id: number }>): Promise<void> {
    const b = await this.load(req, req.payload.id);
    if (b.status !== 'draft') throw AppError.conflict('cert.batchIssued');
    await this.ds.query(`DELETE FROM batches WHERE id = $1 AND status = 'draft'`, [b.id]);
  }

  private async insertRecipients(m: EntityManager, b: BatchRow, list: (Recipient & { signupId?: number })[]): Promise<number> {
    const [{ n, next }] = await m.query(
      `SELECT count(*)::int AS n, coalesce(max(position), 0)::int + 1 AS next FROM certificates WHERE batch_id = $1 AND revoked_at IS NULL`,
      [b.id],
    );
    if (n + list.length > this.config.maxRecipients) throw AppError.badRequest('cert.tooManyRecipients', { max: this.config.maxRecipients });
    await m.query(
      `INSERT INTO certificates (batch_id, group_id, position, holder_name, username, award_name, "values", token, signup_id)
       SELECT $1, $2, $3 + v.i - 1, v.holder, v.username, v.award, v.vals::jsonb, v.token, v.signup
         FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bigint[]) WITH ORDINALITY AS v(holder, username, award, vals, token, signup, i)`,
      [
        b.id,
        b.group_id,
        next,
        list.map((r) => r.holderName.trim()),
        list.map((r) => r.username?.trim() || null),
        list.map((r) => r.awardName?.trim() ?? ''),
        list.map((r) => JSON.stringify(r.values ?? {})),
        list.map(() => newTraceToken()),
        list.map((r) => r.signupId ?? null),
      ],
    );
    return n + list.length;
  }

  /** Adds winners to a draft batch (picked from sign-ups, typed in, or later from review results). */
  async recipientsAdd(req: RpcRequest<{ batchId: number; recipients: Recipient[] }>): Promise<{ total: number }> {
    const list = req.payload.recipients ?? [];
    for (const [i, r] of list.entries()) {
      const problems = recipientProblems(r, req.meta.lang);
      if (problems.length) throw AppError.badRequest('error.validation', { detail: `#${i + 1} ${problems[0].field}: ${problems[0].message}` });
    }
    return this.ds.transaction(async (m) => {
      const b = await this.load(req, req.payload.batchId, m, true);
      if (b.status !== 'draft') throw AppError.conflict('cert.batchNotDraft');
      return { total: await this.insertRecipients(m, b, list) };
    });
  }

  /** The batch's competition, required to pick winners from its sign-ups. */
  private competitionOfBatch(b: BatchRow): number {
    if (!b.competition_id) throw AppError.badRequest('cert.batchNoCompetition');
    return b.competition_id;
  }

  /**
   * Approved sign-ups of the batch's competition (asked from the enrollment service, scoped to the caller), marked
   * when already picked and with their published award (review results); `published` keeps only the winners (of
   * one round and some of its levels when asked).
   */
  async signups(req: RpcRequest<BatchSignupQuery>): Promise<Page<PickableSignup>> {
    const b = await this.load(req, req.payload.batchId);
    const { itemId, keyword, published, roundId, levels } = req.payload;
    const competitionId = this.competitionOfBatch(b);
    const winners = await this.publishedWinners(competitionId, published ? roundId : undefined, levels);
    let page: Page<ApprovedSignup>;
    if (published) {
      // The winners' sign-ups in one call, paged here in award order (best level and rank first).
      const { pageNum, pageSize, offset } = pageOf(req.payload);
      const ids = [...winners.keys()];
      const query: ApprovedSignupQuery = { competitionId, itemId, keyword, ids: ids.length ? ids.slice(0, APPROVED_IDS_LIMIT) : [0] };
      const all = (await this.rpc.request<Page<ApprovedSignup>>(EnrollmentSubject.approvedPage, { ...req, payload: query })).list;
      all.sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id));
      page = { list: all.slice(offset, offset + pageSize), total: all.length, pageNum, pageSize };
    } else {
      const { pageNum, pageSize } = req.payload;
      page = await this.rpc.request<Page<ApprovedSignup>>(EnrollmentSubject.approvedPage, { ...req, payload: { competitionId, itemId, keyword, pageNum, pageSize } });
    }
    const added = await this.signupsInBatch(this.ds.manager, b.id, page.list.map((s) => s.id));
    return {
      ...page,
      list: page.list.map((s) => {
        const w = winners.get(s.id);
        return { ...s, added: added.includes(s.id), awardLevel: w?.level ?? null, awardLevelEn: w?.levelEn ?? null, roundName: w?.roundName ?? null, rank: w?.rank ?? null, score: w?.score ?? null };
      }),
    };
  }

  /** The competition's published rounds (as certificates kept them), newest first, each with its levels best first. */
  async publishedRounds(req: RpcRequest<{ batchId: number }>): Promise<PublishedRound[]> {
    const competitionId = this.competitionOfBatch(await this.load(req, req.payload.batchId));
    const rows: { roundId: number; roundName: string; publishedAt: Date; level: string; levelEn: string; count: number }[] = await this.ds.query(
      `SELECT round_id AS "roundId", max(round_name) AS "roundName", max(published_at) AS "publishedAt", level, max(level_en) AS "levelEn", count(*)::int AS count
         FROM published_winners WHERE competition_id = $1
        GROUP BY round_id, level ORDER BY max(published_at) DESC, round_id, min(rank), level`,
      [competitionId],
    );
    const rounds = new Map<number, PublishedRound>();
    for (const r of rows) {
      const round = rounds.get(r.roundId) ?? { roundId: r.roundId, roundName: r.roundName, publishedAt: r.publishedAt.toISOString(), levels: [] };
      round.levels.push({ level: r.level, levelEn: r.levelEn, count: r.count });
      rounds.set(r.roundId, round);
    }
    return [...rounds.values()];
  }

  /**
   * The competition's published winners by sign-up, best first: each one's latest award, or one round's awards
   * (at the given levels).
   */
  private async publishedWinners(competitionId: number, roundId?: number, levels?: string[]): Promise<Map<number, PublishedWinner>> {
    const rows: (PublishedWinner & { signupId: number })[] = await this.ds.query(
      roundId
        ? `SELECT signup_id::int AS "signupId", level, level_en AS "levelEn", round_name AS "roundName", rank, score::float8 AS score
             FROM published_winners WHERE competition_id = $1 AND round_id = $2 AND ($3::text[] IS NULL OR level = ANY($3))
            ORDER BY min(rank) OVER (PARTITION BY level), level, rank, signup_id`
        : `SELECT * FROM (SELECT DISTINCT ON (signup_id) signup_id::int AS "signupId", level, level_en AS "levelEn", round_name AS "roundName", rank, score::float8 AS score, published_at
             FROM published_winners WHERE competition_id = $1 ORDER BY signup_id, published_at DESC) x ORDER BY published_at DESC, rank, "signupId"`,
      roundId ? [competitionId, roundId, levels?.length ? levels : null] : [competitionId],
    );
    return new Map(rows.map((r) => [r.signupId, { level: r.level, levelEn: r.levelEn, roundName: r.roundName, rank: r.rank, score: r.score }]));
  }

  private async signupsInBatch(m: EntityManager, batchId: number, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows: { id: number }[] = await m.query(
      `SELECT DISTINCT signup_id::int AS id FROM certificates WHERE batch_id = $1 AND revoked_at IS NULL AND signup_id = ANY($2::bigint[]) ORDER BY 1`,
      [batchId, ids],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Winners picked from approved sign-ups of the batch's competition: one certificate per sign-up (held by the team,
   * or the individual) or one per member. Ids that are not approved sign-ups of it (in the caller's organisations)
   * are refused with 10400, sign-ups already in the batch with 10409; either way nothing is added.
   */
  async recipientsFromSignups(req: RpcRequest<RecipientsFromSignups>): Promise<{ added: number; total: number }> {
    const p = req.payload;
    const ids = [...new Set(p.signupIds)];
    const awardName = (p.awardName ?? '').trim();
    if (!awardName && !p.useAwardLevel) throw AppError.badRequest('import.row.required', { field: req.meta.lang === 'en' ? 'Award' : '奖项' });
    const b = await this.load(req, p.batchId);
    if (b.status !== 'draft') throw AppError.conflict('cert.batchNotDraft');
    const query: ApprovedSignupQuery = { competitionId: this.competitionOfBatch(b), ids: ids.slice(0, APPROVED_IDS_LIMIT) };
    const { list } = await this.rpc.request<Page<ApprovedSignup>>(EnrollmentSubject.approvedPage, { ...req, payload: query });
    const found = new Map(list.map((s) => [s.id, s]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw AppError.badRequest('cert.signupsNotApproved', { ids: missing.join(', ') });
    const levels = p.useAwardLevel ? await this.publishedWinners(this.competitionOfBatch(b), p.roundId) : null;
    const unawarded = levels ? ids.filter((id) => !levels.has(id)) : [];
    if (unawarded.length) throw AppError.badRequest('cert.signupsNotAwarded', { ids: unawarded.join(', ') });
    const recipients = ids.flatMap((id) => recipientsOf(found.get(id)!, levels?.get(id)!.level ?? awardName, p.per));
    return this.ds.transaction(async (m) => {
      const locked = await this.load(req, p.batchId, m, true);
      if (locked.status !== 'draft') throw AppError.conflict('cert.batchNotDraft');
      const already = await this.signupsInBatch(m, locked.id, ids);
      if (already.length) throw AppError.conflict('cert.signupsAlreadyAdded', { ids: already.join(', ') });
      return { added: recipients.length, total: await this.insertRecipients(m, locked, recipients) };
    });
  }

  /**
   * Winners from a spreadsheet (rows read by the gateway): every row is checked first and any problem fails
   * the whole import with 13017 and the rows to fix; otherwise all rows are added.
   */
  async recipientsImport(req: RpcRequest<{ batchId: number; rows: (Record<string, string> & { rowNumber: number })[] }>): Promise<ImportCheckReply> {
    const lang = req.meta.lang;
    const rows = req.payload.rows ?? [];
    if (!rows.length) throw AppError.badRequest('import.empty');
    const errors: ImportRowError[] = [];
    const list: Recipient[] = rows.map((row) => {
      const values: Record<string, string> = {};
      for (const c of WINNER_COLUMNS) if (!['holderName', 'username', 'awardName'].includes(c.key) && row[c.key]) values[c.key] = row[c.key];
      const r: Recipient = { holderName: row.holderName ?? '', username: row.username || undefined, awardName: row.awardName ?? '', values };
      for (const e of recipientProblems(r, lang)) errors.push({ rowNumber: row.rowNumber, ...e });
      if (!r.awardName) errors.push({ rowNumber: row.rowNumber, field: 'awardName', message: translate('import.row.required', lang, { field: lang === 'en' ? 'Award' : '奖项' }) });
      return r;
    });
    if (errors.length) throw new AppError(ErrorCode.IMPORT_FAILED, 'import.failed', undefined, { total: rows.length, valid: rows.length - new Set(errors.map((e) => e.rowNumber)).size, errors });
    await this.ds.transaction(async (m) => {
      const b = await this.load(req, req.payload.batchId, m, true);
      if (b.status !== 'draft') throw AppError.conflict('cert.batchNotDraft');
      await this.insertRecipients(m, b, list);
    });
    return { total: rows.length, valid: rows.length, errors: [] };
  }

  /**
   * Preview data before issuing: the template design and the bound values of the winners with the longest
   * texts, so the designer shows overflow before a thousand certificates are printed; the seal that will really
   * print (none when none is uploaded); and every winner whose bound fields are empty.
   */
  async preview(req: RpcRequest<{ batchId: number; count?: number }>): Promise<BatchPreviewReply> {
    const b = await this.load(req, req.payload.batchId);
    const template = await this.templates.load(req, b.template_id).catch(() => null);
    const design = (b.design ?? template?.design ?? null) as CertificateDesign | null;
    const count = Math.min(10, Math.max(1, req.payload.count ?? 3));
    const rows: { holder_name: string; award_name: string; values: Record<string, string>; number: string | null }[] = await this.ds.query(
      `SELECT holder_name, award_name, "values", number FROM certificates WHERE batch_id = $1 AND revoked_at IS NULL
        ORDER BY (SELECT coalesce(max(length(v)), 0) FROM jsonb_each_text("values") AS e(k, v)) + length(holder_name) DESC, position LIMIT $2`,
      [b.id, count],
    );
    const sample = `${b.numbering.prefix ?? ''}${digitsOf(b.numbering.variant) === 4 ? '0001' : digitsOf(b.numbering.variant) === 3 ? '001' : 'ABCDEFGH23'}${b.numbering.suffix ?? ''}`;
    const sealUrl = b.status === 'draft' ? await this.sealOf(this.ds.manager, b.group_id) : b.seal_url;
    return {
      design,
      values: rows.map((r) => bindValues({ holderName: r.holder_name, awardName: r.award_name, values: r.values }, r.number ?? sample, b.numbering, {}, b)),
      sealUrl,
      warnings: bindsSeal(design) && !sealUrl ? [translate('cert.noSeal', req.meta.lang)] : [],
      empty: design ? await this.emptyFields(b, design) : { total: 0, list: [] },
    };
  }

  /** Winners whose certificates would print a bound field empty, found with the renderer's own rule. */
  private async emptyFields(b: BatchRow, design: CertificateDesign): Promise<BatchPreviewReply['empty']> {
    const rows: { id: number; position: number; holder_name: string; award_name: string; values: Record<string, string> }[] = await this.ds.query(
      `SELECT id, position, holder_name, award_name, "values" FROM certificates WHERE batch_id = $1 AND revoked_at IS NULL ORDER BY position`,
      [b.id],
    );
    const list: EmptyFieldsRow[] = [];
    let total = 0;
    for (const r of rows) {
      const fields = certificateEmptyFields(design, bindValues({ holderName: r.holder_name, awardName: r.award_name, values: r.values }, '', b.numbering, {}, b));
      if (!fields.length) continue;
      total++;
      if (list.length < EMPTY_FIELDS_LIMIT) list.push({ id: r.id, position: r.position, holderName: r.holder_name, fields });
    }
    return { total, list };
  }

  /**
   * Issues a draft batch: refuses a scheme that cannot hold it, snapshots the design and seal (later template
   * edits do not change issued certificates), and queues the render job. Numbers are drawn by the job.
   */
  async issue(req: RpcRequest<{ batchId: number }>): Promise<BatchProgress> {
    const run = await this.ds.transaction(async (m) => {
      const b = await this.load(req, req.payload.batchId, m, true);
      const renumber = b.status === 'failed' && !b.numbered_at;
      if (b.status !== 'draft' && !renumber) throw AppError.conflict('cert.batchNotDraft');
      const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM certificates WHERE batch_id = $1 AND revoked_at IS NULL`, [b.id]);
      if (!n) throw AppError.badRequest('cert.batchEmpty');
      if (!counterKeyOf(b.numbering.variant, b.competition_id, b.item_id) && digitsOf(b.numbering.variant) !== null) {
        throw AppError.badRequest(b.competition_id ? 'cert.numberingNeedsItem' : 'cert.numberingNeedsCompetition');
      }
      const left = await numbersLeft(m, b);
      if (left && left.used + n > left.max) {
        throw AppError.badRequest('cert.numberingFull', { digits: digitsOf(b.numbering.variant)!, max: left.max, used: left.used, count: n });
      }
      await this.assertNoNumberClash(m, b);
      const template = await this.templates.load(req, b.template_id);
      const seal = await this.sealOf(m, b.group_id);
      const [{ runs }] = await m.query(
        `WITH u AS (UPDATE batches SET status = 'queued', error = NULL, design = $2, seal_url = $3, public_url = $4, issued_at = coalesce(issued_at, now()), runs = runs + 1
           WHERE id = $1 RETURNING runs) SELECT * FROM u`,
        [b.id, JSON.stringify(template.design), seal, await this.publicUrlOf(req, b.group_id)],
      );
      return { run: runs as number, batch: b, warnings: bindsSeal(template.design as CertificateDesign) && !seal ? [translate('cert.noSeal', req.meta.lang)] : [] };
    });
    await enqueueBatch(this.queue, run.batch, run.run);
    return { ...(await this.progress({ ...req, payload: { batchId: req.payload.batchId } })), warnings: run.warnings };
  }

  /** The base of the batch's QR codes: its organisation's public site (see publicBase). */
  private async publicUrlOf(req: RpcRequest, groupId: number): Promise<string> {
    const hosts = await this.rpc.request<string[]>(AuthSubject.groupHosts, { ...req, payload: { id: groupId } });
    return publicBase(this.config.publicWebUrl, hosts[0]);
  }

  async progress(req: RpcRequest<{ batchId: number }>): Promise<BatchProgress> {
    const b = await this.load(req, req.payload.batchId);
    const counts: { status: string; n: number }[] = await this.ds.query(
      `SELECT status, count(*)::int AS n FROM certificates WHERE batch_id = $1 AND revoked_at IS NULL GROUP BY status`,
      [b.id],
    );
    const of = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
    const done = of('rendered');
    const failed = of('failed');
    const remaining = of('pending');
    return { batchId: b.id, status: b.status, total: done + failed + remaining, done, failed, remaining, error: errorText(b.error, req.meta.lang) };
  }

  /**
   * Puts only the failed certificates back in the queue; rendered ones are left alone. A batch stuck in the queue
   * (its job lost with Redis, say) is queued again the same way: the job is idempotent.
   */
  async retry(req: RpcRequest<{ batchId: number }>): Promise<BatchProgress> {
    const run = await this.ds.transaction(async (m) => {
      const b = await this.load(req, req.payload.batchId, m, true);
      if (b.status === 'running') throw AppError.conflict('cert.batchBusy');
      if (b.status === 'draft' || (!b.numbered_at && b.status !== 'queued')) throw AppError.conflict('cert.batchNotDone');
      await m.query(`UPDATE certificates SET status = 'pending', error = NULL WHERE batch_id = $1 AND status = 'failed'`, [b.id]);
      const [{ runs }] = await m.query(`WITH u AS (UPDATE batches SET status = 'queued', error = NULL, runs = runs + 1 WHERE id = $1 RETURNING runs) SELECT * FROM u`, [b.id]);
      return { run: runs as number, batch: b };
    });
    await enqueueBatch(this.queue, run.batch, run.run);
    return this.progress({ ...req, payload: { batchId: req.payload.batchId } });
  }

  /**
   * Makes the batch's certificates visible to their holders (personal centre) and tells each holder with an
   * account by a site message (certificates.batch.sent, handled by the enrollment service, one message per
   * certificate however often it arrives). The events are written to the outbox in the transaction that marks the
   * batch sent. Sending twice is harmless: it only announces again what the holders have already heard of.
   */
  async send(req: RpcRequest<{ batchId: number }>): Promise<CertificateBatch> {
    const b = await this.load(req, req.payload.batchId);
    if (b.status !== 'done') throw AppError.conflict('cert.batchNotDone');
    const events = await this.sentEvents(req, b);
    await this.ds.transaction(async (m) => {
      await m.query(`UPDATE batches SET sent_at = coalesce(sent_at, now()) WHERE id = $1`, [b.id]);
      for (const event of events) await writeEvent(m, EventSubject.certificatesSent, event);
    });
    this.relay.kick();
    return this.detail({ ...req, payload: { id: b.id } });
  }

  /** certificates.batch.sent for the batch's rendered certificates whose holders have an account, SENT_CHUNK an event. */
  private async sentEvents(req: RpcRequest, b: BatchRow): Promise<CertificatesSentEvent[]> {
    const rows: { id: number; username: string; award_name: string }[] = await this.ds.query(
      `SELECT id, username, award_name FROM certificates WHERE batch_id = $1 AND revoked_at IS NULL AND status = 'rendered' AND username IS NOT NULL ORDER BY position`,
      [b.id],
    );
    if (!rows.length) return [];
    const accounts = await this.rpc.request<{ id: number; username: string }[]>(AuthSubject.userIdsByName, { ...req, payload: { usernames: [...new Set(rows.map((r) => r.username))] } });
    const idOf = new Map(accounts.map((a) => [a.username, a.id]));
    const certificates = rows.filter((r) => idOf.has(r.username)).map((r) => ({ certificateId: r.id, userId: idOf.get(r.username)!, awardName: r.award_name }));
    const events: CertificatesSentEvent[] = [];
    for (let i = 0; i < certificates.length; i += SENT_CHUNK) {
      const chunk = certificates.slice(i, i + SENT_CHUNK);
      events.push({ batchId: b.id, batchName: b.name, competitionName: b.competition_name, competitionNameEn: b.competition_name_en, itemName: b.item_name, itemNameEn: b.item_name_en, issuerName: b.issuer_name, certificates: chunk });
    }
    return events;
  }

  /** Stored PDFs of a batch's live certificates, for the organiser's ZIP download (built by the gateway). */
  async files(req: RpcRequest<{ batchId: number }>): Promise<{ name: string; files: { path: string; fileName: string }[] }> {
    const b = await this.load(req, req.payload.batchId);
    const rows: { pdf_path: string; number: string; holder_name: string; position: number }[] = await this.ds.query(
      `SELECT pdf_path, number, holder_name, position FROM certificates WHERE batch_id = $1 AND revoked_at IS NULL AND status = 'rendered' ORDER BY position`,
      [b.id],
    );
    if (!rows.length) throw AppError.conflict('cert.batchNotDone');
    const safe = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '_');
    return {
      name: safe(b.name) || `batch-${b.id}`,
      files: rows.map((r) => ({ path: r.pdf_path, fileName: `${String(r.position).padStart(5, '0')}_${safe(r.number)}_${safe(r.holder_name)}.pdf` })),
    };
  }
}
